import Foundation
import HealthKit

/// The last days' step counts as an `@Observable` model, the way apps written for Observation keep HealthKit data:
/// only `import Foundation` and `import HealthKit` (on Linux the `HealthKit` module brings the toolchain's
/// Observation).
@Observable
final class StepHistory {
    /// One day's steps.
    struct Day: Equatable {
        let start: Date
        let steps: Double
    }

    private(set) var days: [Day] = []
    private(set) var errorMessage: String?

    private let healthStore: HKHealthStore

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
    }

    /// Loads the step totals of the `count` days up to today, oldest first.
    func load(days count: Int = 7, completion: @escaping () -> Void = {}) {
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: Date())
        let first = calendar.date(byAdding: .day, value: 1 - count, to: today)!
        let query = HKStatisticsCollectionQuery(
            quantityType: HKQuantityType(.stepCount),
            quantitySamplePredicate: HKQuery.predicateForSamples(withStart: first, end: nil),
            options: .cumulativeSum, anchorDate: today, intervalComponents: DateComponents(day: 1))
        query.initialResultsHandler = { _, collection, error in
            var loaded: [Day] = []
            collection?.enumerateStatistics(from: first, to: Date()) { statistics, _ in
                let steps = statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0
                loaded.append(Day(start: statistics.startDate, steps: steps))
            }
            let days = loaded
            DispatchQueue.main.async {
                self.errorMessage = error?.localizedDescription
                self.days = days
                completion()
            }
        }
        healthStore.execute(query)
    }
}
