import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// What a workout session told its delegate.
enum SessionEvent: Sendable, Equatable {
    case changed(to: HKWorkoutSessionState, from: HKWorkoutSessionState, date: Date)
    case failed(HKError.Code?)
    case generated(HKWorkoutEventType)
    case began(HKWorkoutActivityType, date: Date)
    case ended(HKWorkoutActivityType, date: Date)
}

/// A session delegate that posts every call to an inbox.
final class SessionRecorder: NSObject, HKWorkoutSessionDelegate, Sendable {
    let events = Inbox<SessionEvent>()

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date
    ) {
        events.post(.changed(to: toState, from: fromState, date: date))
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        events.post(.failed((error as? HKError)?.code))
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {
        events.post(.generated(event.type))
    }

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
        date: Date
    ) {
        events.post(.began(workoutConfiguration.activityType, date: date))
    }

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration, date: Date
    ) {
        events.post(.ended(workoutConfiguration.activityType, date: date))
    }

    /// The next state change's new state (failing the test on anything else).
    func nextState() async throws -> HKWorkoutSessionState? {
        if case .changed(let state, _, _) = try await events.next() { return state }
        return nil
    }
}

/// Sessions on a fresh in-memory store.
enum Sessions {
    static func running(_ configuration: HKWorkoutConfiguration = outdoorRun()) throws -> HKWorkoutSession {
        try HKWorkoutSession(
            healthStore: TestStores.store(database: TestStores.database()), configuration: configuration)
    }

    static func outdoorRun() -> HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        return configuration
    }
}
