import Testing

/// The suites that run healthd in this process, one test at a time: a few daemons at once, beside the rest of the
/// package's tests on a small machine, would starve the timing-sensitive query tests.
@Suite(.serialized) enum InProcessHealthd {}
