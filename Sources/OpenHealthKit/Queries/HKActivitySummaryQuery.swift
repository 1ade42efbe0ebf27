import Foundation
import OpenHealthKitEngine

/// A query for the user's activity summaries (one a day: move, exercise and stand), by day.
///
/// Build the predicate with `HKQuery.predicateForActivitySummary(with:)` or
/// `predicate(forActivitySummariesBetweenStart:end:)` (and `NSCompoundPredicate`); nil reads every summary. An app
/// without read access to `HKObjectType.activitySummaryType()` receives no summaries and no error.
public final class HKActivitySummaryQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let resultsHandler: @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void

    public init(
        predicate: NSPredicate?,
        resultsHandler handler: @escaping @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void
    ) {
        resultsHandler = handler
        super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        queue.async { [self] in
            let result = Result { () throws -> [HKActivitySummary] in try backend.activitySummaries(predicate: predicateTree()) }
            guard !isStopped else { return }
            switch result {
            case .success(let summaries): resultsHandler(self, summaries, nil)
            case .failure(let error): resultsHandler(self, nil, HKError(wrapping: error))
            }
        }
        return nil
    }
}
