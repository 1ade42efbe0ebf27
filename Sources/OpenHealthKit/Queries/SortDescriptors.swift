public import Foundation
package import OpenHealthKitEngine

// swift-corelibs-foundation has no key-value coding, so `NSSortDescriptor(key:ascending:)` is unavailable there.
// HealthKit code sorts with it (`NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)`), so this
// initializer maps HealthKit's sort identifiers to key paths that the store reads back.
extension NSSortDescriptor {
    /// A sort descriptor for a HealthKit sort identifier (`HKSampleSortIdentifierStartDate`,
    /// `HKWorkoutSortIdentifierDuration`...); running a query with any other key reports an invalid argument.
    @_disfavoredOverload
    public convenience init(key: String?, ascending: Bool) {
        switch key {
        case HKSampleSortIdentifierStartDate: self.init(keyPath: \HKSample.startDate, ascending: ascending)
        case HKSampleSortIdentifierEndDate: self.init(keyPath: \HKSample.endDate, ascending: ascending)
        case HKWorkoutSortIdentifierDuration: self.init(keyPath: \HKWorkout.duration, ascending: ascending)
        case HKWorkoutSortIdentifierTotalDistance:
            self.init(keyPath: \HKWorkout.distanceSortValue, ascending: ascending)
        case HKWorkoutSortIdentifierTotalEnergyBurned:
            self.init(keyPath: \HKWorkout.energySortValue, ascending: ascending)
        case HKWorkoutSortIdentifierTotalSwimmingStrokeCount:
            self.init(keyPath: \HKWorkout.strokeSortValue, ascending: ascending)
        case HKWorkoutSortIdentifierTotalFlightsClimbed:
            self.init(keyPath: \HKWorkout.flightsSortValue, ascending: ascending)
        // A key the store cannot sort by: running the query reports it.
        default: self.init(keyPath: \NSObject.hash, ascending: ascending)
        }
    }
}

extension RowSort {
    /// The storage order for HealthKit sort descriptors (by identifier or by key path such as `\HKSample.startDate`);
    /// any other key is an invalid argument.
    package static func from(_ descriptors: [NSSortDescriptor]?) throws -> [RowSort] {
        try (descriptors ?? []).map { descriptor in
            let key: RowSort.Key
            switch descriptor.keyPath {
            case \HKSample.startDate: key = .startDate
            case \HKSample.endDate: key = .endDate
            case \HKWorkout.duration: key = .workoutDuration
            case \HKWorkout.distanceSortValue: key = .workoutTotalDistance
            case \HKWorkout.energySortValue: key = .workoutTotalEnergyBurned
            case \HKWorkout.strokeSortValue: key = .workoutTotalSwimmingStrokeCount
            case \HKWorkout.flightsSortValue: key = .workoutTotalFlightsClimbed
            default:
                throw HKError.invalidArgument(
                    "Unsupported sort descriptor: sort by HKSampleSortIdentifierStartDate or EndDate, or a workout sort identifier"
                )
            }
            return RowSort(key, ascending: descriptor.ascending)
        }
    }
}

extension RowSort {
    /// Whether `first` comes before `second` in the order the sorts describe, first sort first (the in-memory form of
    /// the store's ordering, for queries that merge several types' samples).
    static func orders(_ first: HKSample, before second: HKSample, by sorts: [RowSort]) -> Bool {
        for sort in sorts {
            let (a, b) = (sort.value(of: first), sort.value(of: second))
            if a != b { return sort.ascending ? a < b : a > b }
        }
        return false
    }

    /// The value a sample sorts by (a workout key orders samples that are not workouts first).
    private func value(of sample: HKSample) -> Double {
        let workout = sample as? HKWorkout
        switch key {
        case .startDate: return sample.startDate.timeIntervalSinceReferenceDate
        case .endDate: return sample.endDate.timeIntervalSinceReferenceDate
        case .workoutDuration: return workout?.duration ?? -.infinity
        case .workoutTotalDistance: return workout?.distanceSortValue ?? -.infinity
        case .workoutTotalEnergyBurned: return workout?.energySortValue ?? -.infinity
        case .workoutTotalSwimmingStrokeCount: return workout?.strokeSortValue ?? -.infinity
        case .workoutTotalFlightsClimbed: return workout?.flightsSortValue ?? -.infinity
        case .anchor, .value: return 0
        }
    }
}

/// Comparable stand-ins for the workout totals, so that sort descriptors can name them by key path.
extension HKWorkout {
    var distanceSortValue: Double { totalDistance?.doubleValue(for: .meter()) ?? 0 }
    var energySortValue: Double { totalEnergyBurned?.doubleValue(for: .kilocalorie()) ?? 0 }
    var strokeSortValue: Double { totalSwimmingStrokeCount?.doubleValue(for: .count()) ?? 0 }
    var flightsSortValue: Double { totalFlightsClimbed?.doubleValue(for: .count()) ?? 0 }
}
