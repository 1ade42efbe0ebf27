import Foundation
import OpenHealthKitModel
package import OpenHealthKitEngine

/// One sort key of a sample query: `{"key": "startDate", "ascending": false}`. Keys: `startDate`, `endDate`,
/// `workoutDuration`, `workoutTotalDistance`, `workoutTotalEnergyBurned`, `workoutTotalSwimmingStrokeCount`,
/// `workoutTotalFlightsClimbed`.
public struct WireSort: Codable, Sendable, Hashable {
    /// The sort key, e.g. `startDate`.
    public var key: String
    /// Whether the key sorts ascending.
    public var ascending: Bool

    package init(_ sort: RowSort) {
        key = sort.key.rawValue
        ascending = sort.ascending
    }

    package var rowSort: RowSort {
        get throws {
            guard let key = RowSort.Key(rawValue: key), key != .anchor, key != .value else {
                throw HKError.invalidArgument(
                    "\(key) is not a sort key: use startDate, endDate, workoutDuration or a workoutTotal... key")
            }
            return RowSort(key, ascending: ascending)
        }
    }
}
