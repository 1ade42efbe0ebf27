import Foundation
import OpenHealthKitEngine

extension RowSort {
    /// The storage order for Swift sort descriptors over samples (`SortDescriptor(\.startDate, order: .reverse)`,
    /// `\.endDate`, a workout's `\.duration`), or nil when one of them sorts by a key the store cannot order by:
    /// the samples are then sorted in memory.
    static func from<Sample: HKSample>(_ descriptors: [SortDescriptor<Sample>]) -> [RowSort]? {
        var sort: [RowSort] = []
        for descriptor in descriptors {
            let key: RowSort.Key
            switch descriptor.keyPath {
            case \Sample.startDate: key = .startDate
            case \Sample.endDate: key = .endDate
            case let keyPath? where keyPath == \HKWorkout.duration as AnyKeyPath: key = .workoutDuration
            default: return nil
            }
            sort.append(RowSort(key, ascending: descriptor.order == .forward))
        }
        return sort
    }
}
