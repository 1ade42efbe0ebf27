import Foundation
import OpenHealthKitEngine

extension HKStatistics {
    /// The statistics of an interval the engine computed; `bucket` nil for an interval without data.
    convenience init(type: HKQuantityType, start: Date, end: Date, bucket: StatisticsBucket?, separateBySource: Bool) {
        let perSource = (bucket?.bySource ?? []).map {
            (source: HKSource(name: $0.source.name, bundleIdentifier: $0.source.bundleIdentifier), values: $0.values)
        }
        self.init(
            type: type, start: start, end: end, merged: bucket?.merged, bySource: separateBySource ? perSource : nil)
    }
}
