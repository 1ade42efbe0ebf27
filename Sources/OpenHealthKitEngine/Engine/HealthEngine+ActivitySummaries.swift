import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// Whether the principal may read the activity summaries (the grant for `HKActivitySummaryType`; the owner may).
    package func mayReadActivitySummaries(as principal: Principal) async throws -> Bool {
        try await visibleSources(for: HKActivitySummaryTypeIdentifier, as: principal) == nil
    }

    /// The activity summaries matching `predicate` (nil: all of them), by day.
    ///
    /// They need the read grant for `HKActivitySummaryType`: without it an app reads none, with no error (HealthKit
    /// never reveals a read denial; summaries have no source, so there is nothing of its own to see).
    package func activitySummaries(predicate: PredicateTree?, as principal: Principal) async throws
        -> [HKActivitySummary]
    {
        let matches = try ActivitySummaryFilter(predicate)
        guard try await mayReadActivitySummaries(as: principal) else { return [] }
        let rows = try await storageCall {
            try storage.activitySummaries(firstDay: matches.firstDay, lastDay: matches.lastDay)
        }
        return rows.filter { matches.contains($0.date) }.map(Self.summary)
    }

    private static func summary(_ row: ActivitySummaryRow) -> HKActivitySummary {
        let summary = HKActivitySummary(dayKey: row.date)
        func quantity(_ value: Double?, _ unit: HKUnit) -> HKQuantity {
            HKQuantity(unit: unit, doubleValue: value ?? 0)
        }
        summary.activeEnergyBurned = quantity(row.activeEnergyBurned, .kilocalorie())
        summary.activeEnergyBurnedGoal = quantity(row.activeEnergyBurnedGoal, .kilocalorie())
        summary.appleMoveTime = quantity(row.appleMoveTime, .minute())
        summary.appleMoveTimeGoal = quantity(row.appleMoveTimeGoal, .minute())
        summary.appleExerciseTime = quantity(row.appleExerciseTime, .minute())
        summary.appleExerciseTimeGoal = quantity(row.appleExerciseTimeGoal, .minute())
        summary.exerciseTimeGoal = row.appleExerciseTimeGoal.map { HKQuantity(unit: .minute(), doubleValue: $0) }
        summary.appleStandHours = quantity(row.appleStandHours, .count())
        summary.appleStandHoursGoal = quantity(row.appleStandHoursGoal, .count())
        summary.standHoursGoal = row.appleStandHoursGoal.map { HKQuantity(unit: .count(), doubleValue: $0) }
        return summary
    }
}

/// Which days an activity summary query's predicate selects. Summaries are few (one a day), so the storage reads the
/// predicate's outer day range and the rest of the predicate (or, not) is checked here.
private struct ActivitySummaryFilter {
    private let tree: PredicateTree?
    /// The days of a predicate that is a single day range, for the storage to read only those.
    let firstDay: String?
    let lastDay: String?

    /// Throws `errorInvalidArgument` for a predicate that is not about activity summaries.
    init(_ tree: PredicateTree?) throws {
        if let tree { try Self.check(tree) }
        self.tree = tree
        if case .leaf(.activitySummaryDays(let first, let last)) = tree {
            (firstDay, lastDay) = (first, last)
        } else {
            (firstDay, lastDay) = (nil, nil)
        }
    }

    func contains(_ day: String) -> Bool {
        tree.map { Self.matches($0, day) } ?? true
    }

    private static func check(_ tree: PredicateTree) throws {
        switch tree {
        case .all, .none, .leaf(.activitySummaryDays): return
        case .and(let trees), .or(let trees): try trees.forEach(check)
        case .not(let tree): try check(tree)
        case .leaf(let condition):
            throw HKError.invalidArgument(
                "\(condition) does not apply to activity summaries: use HKQuery.predicateForActivitySummary(with:) or "
                    + "predicate(forActivitySummariesBetweenStart:end:)")
        }
    }

    private static func matches(_ tree: PredicateTree, _ day: String) -> Bool {
        switch tree {
        case .all: return true
        case .none: return false
        case .and(let trees): return trees.allSatisfy { matches($0, day) }
        case .or(let trees): return trees.contains { matches($0, day) }
        case .not(let tree): return !matches(tree, day)
        // `yyyy-MM-dd` keys order as their days do.
        case .leaf(.activitySummaryDays(let first, let last)): return first <= day && day <= last
        case .leaf: return false
        }
    }
}
