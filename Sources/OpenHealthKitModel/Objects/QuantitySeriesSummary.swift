package import Foundation

/// What a quantity sample built from several quantities (a series) knows beyond its one quantity: how many it holds,
/// and for a discrete type the smallest, largest and latest of them. Values are in the type's canonical unit.
package struct QuantitySeriesSummary: Sendable, Equatable {
    package var count: Int
    package var minimum: Double
    package var maximum: Double
    package var mostRecent: Double
    /// The interval of the latest quantity (the one starting last).
    package var mostRecentInterval: DateInterval

    package init(count: Int, minimum: Double, maximum: Double, mostRecent: Double, mostRecentInterval: DateInterval) {
        self.count = count
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentInterval = mostRecentInterval
    }

    /// The summary of `entries` (in start order, at least one), values in the canonical unit.
    package init(entries: [QuantitySeriesEntry]) {
        var minimum = Double.infinity, maximum = -Double.infinity
        for entry in entries {
            minimum = min(minimum, entry.value)
            maximum = max(maximum, entry.value)
        }
        let last = entries[entries.count - 1]
        self.init(
            count: entries.count, minimum: minimum, maximum: maximum, mostRecent: last.value,
            mostRecentInterval: last.interval)
    }
}

extension QuantitySeriesSummary {
    /// Archives the summary of a series sample (see `HKQuantitySample.encode(with:)`).
    func encode(with coder: NSCoder) {
        coder.encode(count, forKey: "series.count")
        coder.encode(minimum, forKey: "series.minimum")
        coder.encode(maximum, forKey: "series.maximum")
        coder.encode(mostRecent, forKey: "series.mostRecent")
        coder.encodeDate(mostRecentInterval.start, forKey: "series.mostRecentStart")
        coder.encodeDate(mostRecentInterval.end, forKey: "series.mostRecentEnd")
    }

    /// The archived summary; nil for a sample of one quantity (or an archive without a whole summary).
    init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "series.count"),
            let start = coder.decodeDate(forKey: "series.mostRecentStart"),
            let end = coder.decodeDate(forKey: "series.mostRecentEnd"), start <= end
        else { return nil }
        self.init(
            count: coder.decodeInteger(forKey: "series.count"), minimum: coder.decodeDouble(forKey: "series.minimum"),
            maximum: coder.decodeDouble(forKey: "series.maximum"),
            mostRecent: coder.decodeDouble(forKey: "series.mostRecent"),
            mostRecentInterval: DateInterval(start: start, end: end))
    }
}

/// One quantity of a series: its value in the type's canonical unit and its date interval.
package struct QuantitySeriesEntry: Sendable, Equatable {
    package var value: Double
    package var interval: DateInterval

    package init(value: Double, interval: DateInterval) {
        self.value = value
        self.interval = interval
    }
}
