public import Foundation

/// A series of heartbeats: each beat's time since the sample's start and whether a gap in the data preceded it.
///
/// ``HKHeartbeatSeriesBuilder`` builds them; ``HKHeartbeatSeriesQuery`` (or ``HKHeartbeatSeriesQueryDescriptor``)
/// reads the beats of a stored one, exactly as they were written.
public final class HKHeartbeatSeriesSample: HKSeriesSample, @unchecked Sendable {
    /// The beats of a sample being saved (the builder's, in the order written); nil on samples read from the store.
    package let beats: [HeartbeatSeriesEntry]?

    package init(
        uuid: UUID, count: Int, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision, beats: [HeartbeatSeriesEntry]? = nil
    ) {
        self.beats = beats
        super.init(
            uuid: uuid, sampleType: HKSeriesType.heartbeat(), count: count, start: start, end: end, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    /// A sample of `beats`, starting at `start`: it ends at its latest beat.
    package convenience init(
        start: Date, beats: [HeartbeatSeriesEntry], device: HKDevice?, metadata: [String: Any]?
    ) {
        let end = start.addingTimeInterval(beats.map(\.timeSinceStart).max() ?? 0)
        self.init(
            uuid: UUID(), count: beats.count, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: .placeholder(), beats: beats)
    }

    /// The beats first: a beat before the start would otherwise be reported as dates in the wrong order.
    package override func validate() throws(HKError) {
        try HeartbeatSeriesValidation.validate(beats ?? [])
        try super.validate()
    }

    package override var valueDescription: String? { "\(count) beats" }

    /// Unarchives a heartbeat series as a query returns it: its beats stay in the store, where
    /// ``HKHeartbeatSeriesQuery`` reads them.
    public required init?(coder: NSCoder) {
        beats = nil
        super.init(coder: coder)
    }
}
