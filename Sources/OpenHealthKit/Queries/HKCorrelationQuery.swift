import Foundation
import OpenHealthKitEngine

/// A one-shot query for correlations (blood pressure, food) matching a predicate whose member samples match
/// per-type predicates.
///
/// A correlation is returned only when it matches `predicate` and, for each entry of `samplePredicates`, holds at
/// least one sample of that type matching that predicate.
public final class HKCorrelationQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The type of correlation the query looks for.
    public let correlationType: HKCorrelationType
    /// Predicates for the correlations' member samples, by member type.
    public let samplePredicates: [HKSampleType: NSPredicate]?
    private let completion: @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    public init(
        type correlationType: HKCorrelationType, predicate: NSPredicate?, samplePredicates: [HKSampleType: NSPredicate]?,
        completion: @escaping @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void
    ) {
        self.correlationType = correlationType
        self.samplePredicates = samplePredicates
        self.completion = completion
        super.init(objectType: correlationType, predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        runOnce(on: queue, { [self] in try correlations(from: backend) }) { [self] result in
            switch result {
            case .success(let correlations): completion(self, correlations, nil)
            case .failure(let error): completion(self, nil, error)
            }
        }
        return nil
    }

    private func correlations(from backend: any HealthStoreBackend) throws -> [HKCorrelation] {
        var correlations = try backend.samples(of: correlationType, predicate: predicateTree(), sort: [], limit: 0)
            .compactMap { $0 as? HKCorrelation }
        for (memberType, memberPredicate) in samplePredicates ?? [:] where !correlations.isEmpty {
            // The members of that type matching the predicate, read by the store like any other samples.
            let filter = try SampleFilter(type: memberType, nsPredicate: memberPredicate)
            let inCorrelations = PredicateTree.not(.leaf(.noCorrelation))
            let matching = Set(try backend.samples(
                of: memberType, predicate: filter.predicate.map { .and([inCorrelations, $0]) } ?? inCorrelations, sort: [], limit: 0
            ).map(\.uuid))
            correlations.removeAll { correlation in
                !correlation.objects(for: memberType).contains { matching.contains($0.uuid) }
            }
        }
        return correlations
    }
}
