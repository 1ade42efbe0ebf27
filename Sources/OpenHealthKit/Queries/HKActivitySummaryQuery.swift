public import Foundation
import OpenHealthKitEngine

/// A query for the user's activity summaries (one a day: move, exercise and stand), by day.
///
/// Build the predicate with `HKQuery.predicateForActivitySummary(with:)` or
/// `predicate(forActivitySummariesBetweenStart:end:)` (and `NSCompoundPredicate`); nil reads every summary. An app
/// without read access to `HKObjectType.activitySummaryType()` receives no summaries and no error.
open class HKActivitySummaryQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private typealias Handler = @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void

    private let resultsHandler: Handler
    private let updateHandlerBox = Locked<Handler?>(nil)

    /// Called with the new and changed matching summaries after each change to the stored summaries (an import);
    /// setting it makes the query keep running until stopped. It can be set only before the query is executed.
    public var updateHandler: (@Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void)? {
        get { updateHandlerBox.withLock { $0 } }
        set {
            if !lifecycle.withLock({ if case .created = $0 { return true } else { return false } }) {
                raiseInvalidArgumentException(
                    "The updateHandler of an HKActivitySummaryQuery cannot change once it is executed")
            }
            updateHandlerBox.withLock { $0 = newValue }
        }
    }

    /// A query for the summaries matching `predicate` (nil: every summary); `handler` gets them once, or an error.
    public init(
        predicate: NSPredicate?,
        resultsHandler handler: @escaping @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void
    ) {
        resultsHandler = handler
        super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let read = { @Sendable [self] () throws -> [HKActivitySummary] in
            try backend.activitySummaries(predicate: predicateTree())
        }
        guard let updateHandler else {
            runOnce(on: queue, read) { [self] in deliver($0, to: resultsHandler) }
            return nil
        }
        // What was delivered of each day, so that an update carries only the days that are new or changed.
        let delivered = Locked<[String: [Double]]>([:])
        return watchChanges(of: [HKActivitySummaryTypeIdentifier], on: backend, queue: queue) { [self] start in
            let result = start.flatMap { _ in Result(catching: read).mapError(HKError.init(wrapping:)) }
            guard !isStopped else { return }
            if case .success(let summaries) = result { _ = Self.changed(summaries, since: delivered) }
            deliver(result, to: resultsHandler)
        } update: { [self] in
            let result = Result(catching: read).mapError(HKError.init(wrapping:)).map {
                Self.changed($0, since: delivered)
            }
            guard !isStopped else { return }
            if case .success(let changed) = result, changed.isEmpty { return }
            deliver(result, to: updateHandler)
        }
    }

    private func deliver(_ result: Result<[HKActivitySummary], HKError>, to handler: Handler) {
        switch result {
        case .success(let summaries): handler(self, summaries, nil)
        case .failure(let error): handler(self, nil, error)
        }
    }

    /// The summaries whose day is new or whose values differ from what `delivered` holds, which now holds them.
    private static func changed(_ summaries: [HKActivitySummary], since delivered: Locked<[String: [Double]]>)
        -> [HKActivitySummary]
    {
        delivered.withLock { delivered in
            summaries.filter { summary in
                let values = values(of: summary)
                defer { delivered[summary.dayKey ?? ""] = values }
                return delivered[summary.dayKey ?? ""] != values
            }
        }
    }

    private static func values(of summary: HKActivitySummary) -> [Double] {
        let kcal = HKUnit.kilocalorie(), minute = HKUnit.minute(), count = HKUnit.count()
        return [
            summary.activeEnergyBurned.doubleValue(for: kcal), summary.activeEnergyBurnedGoal.doubleValue(for: kcal),
            summary.appleMoveTime.doubleValue(for: minute), summary.appleMoveTimeGoal.doubleValue(for: minute),
            summary.appleExerciseTime.doubleValue(for: minute), summary.appleExerciseTimeGoal.doubleValue(for: minute),
            summary.appleStandHours.doubleValue(for: count), summary.appleStandHoursGoal.doubleValue(for: count),
        ]
    }
}
