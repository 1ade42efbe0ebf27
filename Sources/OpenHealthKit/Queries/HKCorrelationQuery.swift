public import Foundation
import OpenHealthKitEngine

/// A one-shot query for correlations (blood pressure, food) matching a predicate whose member samples match
/// per-type predicates.
///
/// A correlation is returned only when it matches `predicate` and, for each entry of `samplePredicates`, holds at
/// least one sample of that type matching that predicate.
open class HKCorrelationQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    /// The type of correlation the query looks for.
    public let correlationType: HKCorrelationType
    /// Predicates for the correlations' member samples, by member type.
    public let samplePredicates: [HKSampleType: NSPredicate]?
    private let completion: @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    /// A query for correlations of `correlationType` matching `predicate` whose members match `samplePredicates`;
    /// `completion` gets them once, or an error.
    public init(
        type correlationType: HKCorrelationType, predicate: NSPredicate?,
        samplePredicates: [HKSampleType: NSPredicate]?,
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
        let memberFilters = try (samplePredicates ?? [:]).map { type, predicate in
            try SampleFilter(type: type, nsPredicate: predicate)
        }
        return try backend.correlations(of: correlationType, predicate: predicateTree(), memberFilters: memberFilters)
    }
}
