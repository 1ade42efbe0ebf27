/// Where ``HealthEngine/statistics(_:as:path:)`` takes its figures from.
package enum StatisticsPath: Sendable {
    /// The statistics aggregates where they give exactly what the samples give, the samples otherwise.
    case fastest
    /// The samples only: the reference computation that tests and benchmarks compare the aggregates with.
    case samples
    /// The aggregates only (tests and benchmarks that must measure or check them): `errorInvalidArgument` when they
    /// cannot answer the request exactly.
    case aggregates
}
