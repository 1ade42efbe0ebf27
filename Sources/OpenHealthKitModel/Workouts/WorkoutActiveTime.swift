package import Foundation

/// A workout's active time: the time between two dates that its pause and resume events leave running.
///
/// Workouts begin running; a `pause` or `motionPaused` event stops the clock until the next `resume` or
/// `motionResumed`. A pause while paused, or a resume while running, changes nothing (HealthKit ignores them).
package enum WorkoutActiveTime {
    /// The events in ascending order of their start dates, as HealthKit keeps them.
    package static func ascending(_ events: [HKWorkoutEvent]) -> [HKWorkoutEvent] {
        events.sorted { $0.dateInterval.start < $1.dateInterval.start }
    }

    /// The seconds between `start` and `end` that `events` leave running; events outside the span count at its
    /// edges.
    package static func seconds(from start: Date, to end: Date, events: [HKWorkoutEvent]) -> TimeInterval {
        guard end > start else { return 0 }
        var active: TimeInterval = 0
        var runningSince: Date? = start
        for event in ascending(events) {
            let date = min(max(event.dateInterval.start, start), end)
            switch event.type {
            case .pause, .motionPaused:
                if let since = runningSince {
                    active += date.timeIntervalSince(since)
                    runningSince = nil
                }
            case .resume, .motionResumed:
                if runningSince == nil { runningSince = date }
            case .lap, .marker, .segment, .pauseOrResumeRequest:
                break
            }
        }
        if let since = runningSince { active += end.timeIntervalSince(since) }
        return active
    }
}
