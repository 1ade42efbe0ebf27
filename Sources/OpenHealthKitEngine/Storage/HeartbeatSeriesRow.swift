/// What a heartbeat series holds beyond its dates: the number of beats, and on insert the beats themselves.
package struct HeartbeatSeriesRow: Sendable, Equatable {
    package var count: Int
    /// On insert, every beat in the order written; empty on read (``SampleDetailStorage/heartbeatSeriesBeats(of:)``
    /// reads them).
    package var beats: [HeartbeatSeriesBeatRow]

    package init(count: Int, beats: [HeartbeatSeriesBeatRow] = []) {
        self.count = count
        self.beats = beats
    }
}

/// One beat of a heartbeat series, as written: seconds since the series' start, and whether a gap preceded it.
package struct HeartbeatSeriesBeatRow: Sendable, Equatable {
    package var timeSinceStart: Double
    package var precededByGap: Bool

    package init(timeSinceStart: Double, precededByGap: Bool) {
        self.timeSinceStart = timeSinceStart
        self.precededByGap = precededByGap
    }
}
