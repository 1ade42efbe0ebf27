public import Foundation

/// The abstract superclass of samples that hold a series of values: workout routes (and heartbeat series).
///
/// The values are read with the query of the kind (`HKWorkoutRouteQuery` for a route's locations) and written with
/// its builder (`HKWorkoutRouteBuilder`); the sample itself says how many there are.
open class HKSeriesSample: HKSample, @unchecked Sendable {
    /// How many values the series holds.
    public let count: Int

    package init(
        uuid: UUID, type: HKSeriesType, start: Date, end: Date, count: Int, device: HKDevice?,
        metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        self.count = count
        super.init(
            uuid: uuid, sampleType: type, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }
}
