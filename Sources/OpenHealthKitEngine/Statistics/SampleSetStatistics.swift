package import Foundation
package import OpenHealthKitModel

/// Statistics of a set of quantity samples held in memory, computed as the store computes them (the same
/// ``StatisticsComputation``, every source merged): what a workout builder reports for the samples it collected.
package enum SampleSetStatistics {
    /// The statistics of `samples` (all of `type`) clipped to `window` (nil: their own span): the sum of a cumulative
    /// type; the average, minimum, maximum and most recent value of a discrete one. Nil without samples. The
    /// statistics span `window` when given.
    package static func statistics(of type: HKQuantityType, samples: [HKQuantitySample], window: DateInterval?) throws
        -> HKStatistics?
    {
        guard !samples.isEmpty else { return nil }
        var sources: [SourceRow] = []
        var sourceIndex: [String: Int] = [:]
        var rows: [ValueRow] = []
        for sample in samples.sorted(by: { $0.startDate < $1.startDate }) {
            let bundle = sample.sourceRevision.source.bundleIdentifier
            let index =
                sourceIndex[bundle]
                ?? {
                    sources.append(SourceRow(bundleIdentifier: bundle, name: sample.sourceRevision.source.name))
                    sourceIndex[bundle] = sources.count - 1
                    return sources.count - 1
                }()
            guard let value = sample.quantity.unit.convert(sample.quantity.value, to: type.canonicalUnit) else {
                throw HKError.invalidArgument(
                    "\(type.identifier) requires a unit compatible with \(type.canonicalUnit)")
            }
            rows.append(
                ValueRow(
                    start: sample.startDate.timeIntervalSince1970, end: sample.endDate.timeIntervalSince1970,
                    value: value, source: index))
        }
        let options: HKStatisticsOptions =
            type.aggregationStyle == .cumulative
            ? [.cumulativeSum] : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]
        var computation = StatisticsComputation(
            options: options, style: type.aggregationStyle, intervals: nil, sources: sources,
            ranks: Array(sources.indices),
            window: (
                window?.start.timeIntervalSince1970 ?? -.infinity, window?.end.timeIntervalSince1970 ?? .infinity
            ))
        for row in rows { try computation.add(row) }
        guard let bucket = try computation.finish(hasIntervals: false).first else { return nil }
        return HKStatistics(
            type: type, start: window?.start ?? bucket.start, end: window?.end ?? bucket.end, merged: bucket.merged,
            bySource: nil)
    }
}
