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

/// One quantity of a series: its value in the type's canonical unit and its date interval.
package struct QuantitySeriesEntry: Sendable, Equatable {
    package var value: Double
    package var interval: DateInterval

    package init(value: Double, interval: DateInterval) {
        self.value = value
        self.interval = interval
    }
}
