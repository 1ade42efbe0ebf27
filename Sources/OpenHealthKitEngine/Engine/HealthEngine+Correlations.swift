import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// HKCorrelationQuery: the correlations of `type` matching `predicate` that the principal may see and that hold,
    /// for each member filter, a member of that type matching its predicate.
    package func correlations(
        of type: HKCorrelationType, predicate: PredicateTree?, memberFilters: [SampleFilter], as principal: Principal
    ) async throws -> [HKCorrelation] {
        var correlations = try await samples(of: type, predicate: predicate, as: principal).compactMap {
            $0 as? HKCorrelation
        }
        for filter in memberFilters where !correlations.isEmpty {
            let inCorrelations = PredicateTree.not(.leaf(.noCorrelation))
            let matching = await Set(
                try samples(
                    of: filter.type, predicate: filter.predicate.map { .and([inCorrelations, $0]) } ?? inCorrelations,
                    as: principal
                ).map(\.uuid))
            correlations.removeAll { correlation in
                !correlation.objects(for: filter.type).contains { matching.contains($0.uuid) }
            }
        }
        return correlations
    }
}
