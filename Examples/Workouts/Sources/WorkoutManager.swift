import CoreLocation
import Foundation
import HealthKit

/// A workout app's model as Apple's documentation writes one ("Running workout sessions", "Building a workout app
/// for Apple Watch"): a session and its live builder, a data source collecting heart rates and distance, a route
/// builder fed with locations, and the two delegates. Plain `import HealthKit` and `import CoreLocation`: on Linux
/// they are OpenHealthKit's.
final class WorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let healthStore = HKHealthStore()
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var routeBuilder: HKWorkoutRouteBuilder?
    private let lock = NSLock()
    private var finished: CheckedContinuation<HKWorkout?, any Error>?

    /// What the app asks to share and read.
    func requestAuthorization() async throws {
        let typesToShare: Set<HKSampleType> = [HKObjectType.workoutType(), HKSeriesType.workoutRoute()]
        let typesToRead: Set<HKObjectType> = [
            HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.activeEnergyBurned),
            HKObjectType.workoutType(),
        ]
        try await healthStore.requestAuthorization(toShare: typesToShare, read: typesToRead)
    }

    /// Starts an outdoor run at `start` and begins collecting.
    func startWorkout(at start: Date) async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor

        let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        session.delegate = self
        builder.delegate = self
        routeBuilder = HKWorkoutRouteBuilder(healthStore: healthStore, device: nil)
        self.session = session
        self.builder = builder

        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
    }

    /// Records the locations the run went through, as CoreLocation delivers them.
    func didUpdateLocations(_ locations: [CLLocation]) async throws {
        try await routeBuilder?.insertRouteData(locations)
    }

    /// Ends the session; the delegate finishes the workout and its route. Returns the saved workout.
    func endWorkout() async throws -> HKWorkout? {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { finished = continuation }
            session?.end()
        }
    }

    // MARK: HKWorkoutSessionDelegate

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date
    ) {
        say("session \(fromState.rawValue) -> \(toState.rawValue)")
        guard toState == .ended, let builder else { return }
        builder.endCollection(withEnd: date) { [self] _, error in
            if let error { return finish(.failure(error)) }
            builder.finishWorkout { [self] workout, error in
                guard let workout else { return finish(.failure(error ?? HKError(.errorNoData))) }
                routeBuilder?.finishRoute(with: workout, metadata: nil) { [self] route, error in
                    if let route { say("route \(route.uuid.uuidString) \(route.count)") }
                    finish(error.map { .failure($0) } ?? .success(workout))
                }
            }
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        say("session failed: \(error)")
    }

    // MARK: HKLiveWorkoutBuilderDelegate

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        for type in collectedTypes {
            guard let quantityType = type as? HKQuantityType,
                let statistics = workoutBuilder.statistics(for: quantityType)
            else { continue }
            if quantityType == HKQuantityType(.heartRate) {
                let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
                let value = statistics.mostRecentQuantity()?.doubleValue(for: beatsPerMinute) ?? 0
                say("heart rate \(Int(value.rounded()))")
            }
        }
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        say("event \(workoutBuilder.workoutEvents.last?.type.rawValue ?? 0)")
    }

    private func finish(_ result: Result<HKWorkout?, any Error>) {
        lock.withLock {
            finished?.resume(with: result)
            finished = nil
        }
    }
}
