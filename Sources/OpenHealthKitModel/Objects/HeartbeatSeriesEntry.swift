package import Foundation

/// One heartbeat of a series, as the app wrote it: its time since the series' start and whether a gap preceded it.
package struct HeartbeatSeriesEntry: Sendable, Equatable, Hashable {
    package var timeSinceStart: TimeInterval
    package var precededByGap: Bool

    package init(timeSinceStart: TimeInterval, precededByGap: Bool) {
        self.timeSinceStart = timeSinceStart
        self.precededByGap = precededByGap
    }
}
