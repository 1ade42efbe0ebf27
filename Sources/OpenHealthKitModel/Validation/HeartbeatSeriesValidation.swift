package import Foundation

/// The checks on the beats of a heartbeat series: at least one, at most ``maximumCount``, each at a finite time of
/// zero or more seconds since the series' start.
package enum HeartbeatSeriesValidation {
    /// The most beats one series holds (`HKHeartbeatSeriesBuilder.maximumCount`). HealthKit documents no number;
    /// 100,000 is a day of beats at 70 a minute.
    package static let maximumCount = 100_000

    package static func validate(_ beats: [HeartbeatSeriesEntry]) throws(HKError) {
        guard !beats.isEmpty else { throw .invalidArgument("A heartbeat series needs at least one heartbeat") }
        guard beats.count <= maximumCount else {
            throw .invalidArgument(
                "A heartbeat series holds at most \(maximumCount) heartbeats; this one has \(beats.count)")
        }
        for beat in beats {
            try validate(beat.timeSinceStart)
        }
    }

    /// A beat's time since the series' start: not before it, and at most ``SampleValidation/longestInterval`` (the
    /// span of sample dates) after it.
    package static func validate(_ timeSinceStart: TimeInterval) throws(HKError) {
        guard timeSinceStart.isFinite, timeSinceStart >= 0, timeSinceStart <= SampleValidation.longestInterval else {
            throw .invalidArgument(
                "A heartbeat's time since the series start must be a finite number of seconds, zero or more and at most \(SampleValidation.longestInterval) (the span of years 1 to 4001): \(timeSinceStart)"
            )
        }
    }
}
