package import Foundation

/// The statistics a request asked for, in the type's canonical unit (durations in seconds); nil when not asked.
package struct StatisticsValues: Sendable, Equatable {
    package var sum: Double?
    package var average: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var mostRecent: Double?
    /// The start and end of the most recent sample.
    package var mostRecentInterval: DateInterval?
    package var duration: Double?

    package init(
        sum: Double? = nil, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil,
        mostRecent: Double? = nil, mostRecentInterval: DateInterval? = nil, duration: Double? = nil
    ) {
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentInterval = mostRecentInterval
        self.duration = duration
    }
}
