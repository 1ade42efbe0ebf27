package import Foundation

/// One instantaneous heart rate of a heart rate variability sample (the export's `InstantaneousBeatsPerMinute`).
package struct HeartbeatRow: Sendable, Equatable {
    package var sampleUUID: UUID
    /// The beat's place in the export's list.
    package var position: Int
    package var bpm: Double
    /// Seconds from the sample's start, when the exported time of day could be read.
    package var timeSinceStart: Double?
    /// The time of day exactly as exported (locale-formatted, e.g. `6:14:48.94 PM`).
    package var timeText: String

    package init(sampleUUID: UUID, position: Int, bpm: Double, timeSinceStart: Double?, timeText: String) {
        self.sampleUUID = sampleUUID
        self.position = position
        self.bpm = bpm
        self.timeSinceStart = timeSinceStart
        self.timeText = timeText
    }
}
