public import Foundation

/// The abstract superclass of samples that hold a series of data: heartbeat series (``HKHeartbeatSeriesSample``)
/// and workout routes.
public class HKSeriesSample: HKSample, @unchecked Sendable {
    /// The number of data points in the series (heartbeats, locations).
    public let count: Int

    package init(
        uuid: UUID, sampleType: HKSampleType, count: Int, start: Date, end: Date, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.count = count
        super.init(
            uuid: uuid, sampleType: sampleType, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }

    /// Archives the sample and how many data points it holds (the points stay in the store).
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(count, forKey: "count")
    }

    /// Unarchives a series sample; nil without a count.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "count") else { return nil }
        count = coder.decodeInteger(forKey: "count")
        super.init(coder: coder)
    }
}
