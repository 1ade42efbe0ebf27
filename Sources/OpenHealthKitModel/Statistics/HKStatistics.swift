public import Foundation

/// The statistics of a quantity type over a period: a sum, an average, a minimum, a maximum, the most recent value or
/// the time covered, as the query's options asked. A statistic the options did not ask for is nil.
///
/// By default every source's samples are merged first (see docs/STATISTICS.md for how overlapping sources of a
/// cumulative type are resolved); with `separateBySource` each source's own figures are available through the
/// `for:` methods and ``sources``.
public final class HKStatistics: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The quantity type whose samples were calculated.
    public let quantityType: HKQuantityType
    /// The start of the interval (a collection), or the earliest start of the matching samples (a statistics query).
    public let startDate: Date
    /// The end of the interval (a collection), or the latest end of the matching samples (a statistics query).
    public let endDate: Date
    /// The sources with samples in these statistics; nil unless the query asked for `separateBySource`.
    public let sources: [HKSource]?

    private let merged: StatisticsValues?
    private let bySource: [String: StatisticsValues]

    /// Statistics over an interval: `merged` nil for an interval without data (every quantity nil); `bySource` the
    /// sources' own figures in priority order when the query separated them (nil otherwise).
    package init(
        type: HKQuantityType, start: Date, end: Date, merged: StatisticsValues?,
        bySource: [(source: HKSource, values: StatisticsValues)]?
    ) {
        quantityType = type
        startDate = start
        endDate = end
        self.merged = merged
        sources = bySource?.map(\.source)
        self.bySource = Dictionary(
            (bySource ?? []).map { ($0.source.bundleIdentifier, $0.values) }, uniquingKeysWith: { first, _ in first })
        super.init()
    }

    /// The sum of every source's samples (`cumulativeSum`), in the type's canonical unit; nil when not asked for or
    /// without data.
    public func sumQuantity() -> HKQuantity? { quantity(merged?.sum) }
    /// The sum of one source's samples (`cumulativeSum` with `separateBySource`); nil when not asked for or without
    /// data from it.
    public func sumQuantity(for source: HKSource) -> HKQuantity? { quantity(values(for: source)?.sum) }
    /// The time-weighted average of every source's samples (`discreteAverage`); nil when not asked for or without data.
    public func averageQuantity() -> HKQuantity? { quantity(merged?.average) }
    /// The average of one source's samples (`discreteAverage` with `separateBySource`); nil when not asked for or
    /// without data from it.
    public func averageQuantity(for source: HKSource) -> HKQuantity? { quantity(values(for: source)?.average) }
    /// The smallest value of every source's samples (`discreteMin`); nil when not asked for or without data.
    public func minimumQuantity() -> HKQuantity? { quantity(merged?.minimum) }
    /// The smallest value of one source's samples (`discreteMin` with `separateBySource`); nil when not asked for or
    /// without data from it.
    public func minimumQuantity(for source: HKSource) -> HKQuantity? { quantity(values(for: source)?.minimum) }
    /// The largest value of every source's samples (`discreteMax`); nil when not asked for or without data.
    public func maximumQuantity() -> HKQuantity? { quantity(merged?.maximum) }
    /// The largest value of one source's samples (`discreteMax` with `separateBySource`); nil when not asked for or
    /// without data from it.
    public func maximumQuantity(for source: HKSource) -> HKQuantity? { quantity(values(for: source)?.maximum) }
    /// The value of the sample that ends last.
    public func mostRecentQuantity() -> HKQuantity? { quantity(merged?.mostRecent) }
    /// The value of one source's sample that ends last (`mostRecent` with `separateBySource`).
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? { quantity(values(for: source)?.mostRecent) }
    /// The start and end of the sample that ends last.
    public func mostRecentQuantityDateInterval() -> DateInterval? { merged?.mostRecentInterval }
    /// The start and end of one source's sample that ends last (`mostRecent` with `separateBySource`).
    public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
        values(for: source)?.mostRecentInterval
    }
    /// The time the samples cover (overlapping time counted once), in seconds.
    public func duration() -> HKQuantity? { merged?.duration.map { HKQuantity(unit: .second(), doubleValue: $0) } }
    /// The time one source's samples cover, in seconds (`duration` with `separateBySource`).
    public func duration(for source: HKSource) -> HKQuantity? {
        values(for: source)?.duration.map { HKQuantity(unit: .second(), doubleValue: $0) }
    }

    private func values(for source: HKSource) -> StatisticsValues? {
        bySource[source.bundleIdentifier]
    }

    private func quantity(_ value: Double?) -> HKQuantity? {
        value.map { HKQuantity(unit: quantityType.canonicalUnit, doubleValue: $0) }
    }

    /// The type and interval, for debugging.
    public override var description: String {
        "<HKStatistics \(quantityType.identifier) \(startDate) – \(endDate)>"
    }

    // MARK: NSSecureCoding

    /// Statistics are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the type, the interval, the sources and every figure (merged and per source).
    public func encode(with coder: NSCoder) {
        coder.encode(quantityType, forKey: "quantityType")
        coder.encodeDate(startDate, forKey: "startDate")
        coder.encodeDate(endDate, forKey: "endDate")
        coder.encode(sources.map { $0 as NSArray }, forKey: "sources")
        merged?.encode(with: coder, prefix: "merged.")
        let bundles = bySource.keys.sorted()
        coder.encode(bundles as NSArray, forKey: "bySource")
        for (index, bundle) in bundles.enumerated() {
            bySource[bundle]?.encode(with: coder, prefix: "bySource.\(index).")
        }
    }

    /// Unarchives statistics; nil without a quantity type or an interval.
    public init?(coder: NSCoder) {
        guard let type = coder.decodeIfPresent(HKQuantityType.self, forKey: "quantityType"),
            let start = coder.decodeDate(forKey: "startDate"), let end = coder.decodeDate(forKey: "endDate"),
            let bundles = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "bySource") as? [String]
        else { return nil }
        quantityType = type
        startDate = start
        endDate = end
        sources = coder.decodeArray(of: HKSource.self, forKey: "sources")
        merged = StatisticsValues(coder: coder, prefix: "merged.")
        var bySource: [String: StatisticsValues] = [:]
        for (index, bundle) in bundles.enumerated() {
            bySource[bundle] = StatisticsValues(coder: coder, prefix: "bySource.\(index).")
        }
        self.bySource = bySource
        super.init()
    }
}
