import Testing

/// The suites that run a healthd, one test at a time: several daemons at once, beside the rest of the package's
/// tests on a small machine, would starve the timing-sensitive query tests.
@Suite(.serialized) enum HealthdBacked {}
