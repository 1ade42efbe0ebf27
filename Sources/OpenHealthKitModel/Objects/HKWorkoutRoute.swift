public import Foundation

/// A workout's route: the locations recorded during it, from its first to its last location.
///
/// A route belongs to the workout it was finished with (`HKWorkoutRouteBuilder.finishRoute(with:metadata:)`): find it
/// with a sample query of `HKSeriesType.workoutRoute()` and `HKQuery.predicateForObjects(from: workout)`, read its
/// locations with `HKWorkoutRouteQuery`. Deleting the workout deletes its routes.
public final class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {
    /// A route as stored, holding `count` locations.
    package init(
        uuid: UUID, start: Date, end: Date, count: Int, device: HKDevice?, metadata: [String: Any]?,
        sourceRevision: HKSourceRevision
    ) {
        super.init(
            uuid: uuid, sampleType: HKSeriesType.workoutRoute(), count: count, start: start, end: end, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }

    package override var valueDescription: String? { "\(count) locations" }

    /// Unarchives a route as a query returns it: its locations stay in the store, where `HKWorkoutRouteQuery` reads
    /// them.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
