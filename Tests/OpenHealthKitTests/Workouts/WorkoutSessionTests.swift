import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// HKWorkoutSession's state machine, as HealthKit's documentation gives it: each allowed transition, its delegate
/// call with its date, and the refusal of every other.
@Suite struct WorkoutSessionTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aNewSessionHasNotStartedAndIsPrimary() throws {
        let session = try Sessions.running()
        #expect(session.state == .notStarted)
        #expect(session.type == .primary)
        #expect(session.startDate == nil && session.endDate == nil)
        #expect(session.workoutConfiguration.activityType == .running)
    }

    @Test func prepareMovesANewSessionToPrepared() async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.prepare()
        guard case .changed(.prepared, .notStarted, _) = try await recorder.events.next() else {
            Issue.record("expected notStarted -> prepared")
            return
        }
        #expect(session.state == .prepared)
    }

    @Test func startActivityRunsTheSessionFromTheGivenDate() async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.startActivity(with: start)
        #expect(try await recorder.events.next() == .changed(to: .running, from: .notStarted, date: start))
        #expect(session.startDate == start)
    }

    @Test func pauseAndResumeToggleTheStateAndGenerateTheirEvents() async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.startActivity(with: start)
        session.pause()
        session.resume()
        #expect(try await recorder.nextState() == .running)
        #expect(try await recorder.nextState() == .paused)
        #expect(try await recorder.events.next() == .generated(.pause))
        #expect(try await recorder.nextState() == .running)
        #expect(try await recorder.events.next() == .generated(.resume))
    }

    @Test func stopActivityStopsARunningSessionAtTheGivenDate() async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.startActivity(with: start)
        let end = start.addingTimeInterval(1800)
        session.stopActivity(with: end)
        #expect(try await recorder.nextState() == .running)
        #expect(try await recorder.events.next() == .changed(to: .stopped, from: .running, date: end))
        #expect(session.endDate == end)
    }

    @Test func endingARunningSessionStopsItThenEndsIt() async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.startActivity(with: start)
        session.pause()
        session.end()
        #expect(try await recorder.nextState() == .running)
        #expect(try await recorder.nextState() == .paused)
        #expect(try await recorder.events.next() == .generated(.pause))
        guard case .changed(.stopped, .paused, _) = try await recorder.events.next(),
            case .changed(.ended, .stopped, _) = try await recorder.events.next()
        else {
            Issue.record("expected paused -> stopped -> ended")
            return
        }
        #expect(session.state == .ended)
    }

    @Test func endingASessionThatNeverRanEndsItAtOnce() async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.prepare()
        session.end()
        #expect(try await recorder.nextState() == .prepared)
        guard case .changed(.ended, .prepared, _) = try await recorder.events.next() else {
            Issue.record("expected prepared -> ended")
            return
        }
    }

    /// (what the app calls, how far the session got first)
    static let refusedTransitions: [(String, Int)] = [
        ("pause", 0), ("resume", 0), ("stop", 0), ("resume", 1), ("prepare", 1), ("start", 1), ("pause", 2),
        ("start", 3), ("pause", 3), ("resume", 3), ("end", 4), ("start", 4), ("prepare", 4),
    ]

    @Test(arguments: refusedTransitions)
    func aTransitionTheStateDoesNotAllowFailsAndChangesNothing(_ call: String, _ progress: Int) async throws {
        let session = try Sessions.running()
        let recorder = SessionRecorder()
        session.delegate = recorder
        // 0: notStarted, 1: running, 2: paused, 3: stopped, 4: ended.
        let steps: [() -> Void] = [
            { session.startActivity(with: start) }, { session.pause() }, { session.stopActivity(with: nil) },
            { session.end() },
        ]
        for step in steps.prefix(progress) { step() }
        let expectedEvents = [0, 1, 3, 4, 5][progress]  // state changes (and the pause event) before the call
        for _ in 0..<expectedEvents { _ = try await recorder.events.next() }
        let before = session.state
        switch call {
        case "prepare": session.prepare()
        case "start": session.startActivity(with: start)
        case "pause": session.pause()
        case "resume": session.resume()
        case "stop": session.stopActivity(with: nil)
        default: session.end()
        }
        #expect(try await recorder.events.next() == .failed(.errorInvalidArgument))
        #expect(session.state == before)
    }

    @Test func anotherSessionOfTheAppStartingEndsTheFirst() async throws {
        let store = TestStores.store(database: TestStores.database())
        let first = try HKWorkoutSession(healthStore: store, configuration: Sessions.outdoorRun())
        let second = try HKWorkoutSession(healthStore: store, configuration: Sessions.outdoorRun())
        let recorder = SessionRecorder(), secondRecorder = SessionRecorder()
        first.delegate = recorder
        second.delegate = secondRecorder
        first.startActivity(with: start)
        #expect(try await recorder.nextState() == .running)
        #expect(try await store.recoverActiveWorkoutSession() === first)
        second.startActivity(with: start)
        #expect(try await secondRecorder.nextState() == .running)
        #expect(try await recorder.events.next() == .failed(.errorAnotherWorkoutSessionStarted))
        #expect(try await recorder.nextState() == .stopped)
        #expect(try await recorder.nextState() == .ended)
        #expect(try await store.recoverActiveWorkoutSession() === second)
    }

    @Test func anEndedSessionIsNoLongerRecovered() async throws {
        let store = TestStores.store(database: TestStores.database())
        let session = try HKWorkoutSession(healthStore: store, configuration: Sessions.outdoorRun())
        let recorder = SessionRecorder()
        session.delegate = recorder
        session.startActivity(with: start)
        session.end()
        for _ in 0..<3 { _ = try await recorder.events.next() }
        #expect(try await store.recoverActiveWorkoutSession() == nil)
    }

    @Test func aSwimmingSessionNeedsASwimmingLocation() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        #expect(failure { _ = try Sessions.running(configuration) } == .errorInvalidArgument)
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        #expect(failure { _ = try Sessions.running(configuration) } == nil)
    }

    @Test func beginningANewActivityEndsTheOneInProgress() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimBikeRun
        let session = try Sessions.running(configuration)
        let recorder = SessionRecorder()
        session.delegate = recorder
        let swim = HKWorkoutConfiguration(), bike = HKWorkoutConfiguration()
        swim.activityType = .swimming
        swim.swimmingLocationType = .openWater
        bike.activityType = .cycling
        session.startActivity(with: start)
        session.beginNewActivity(configuration: swim, date: start, metadata: nil)
        session.beginNewActivity(configuration: bike, date: start.addingTimeInterval(1200), metadata: nil)
        session.endCurrentActivity(on: start.addingTimeInterval(3600))
        #expect(try await recorder.nextState() == .running)
        #expect(try await recorder.events.next() == .began(.swimming, date: start))
        #expect(try await recorder.events.next() == .ended(.swimming, date: start.addingTimeInterval(1200)))
        #expect(try await recorder.events.next() == .began(.cycling, date: start.addingTimeInterval(1200)))
        #expect(try await recorder.events.next() == .ended(.cycling, date: start.addingTimeInterval(3600)))
        #expect(session.currentActivity.workoutConfiguration.activityType == .swimBikeRun)
    }

    @Test func theAssociatedBuilderIsTheSameObjectEveryTime() throws {
        let session = try Sessions.running()
        #expect(session.associatedWorkoutBuilder() === session.associatedWorkoutBuilder())
        #expect(session.associatedWorkoutBuilder().workoutSession === session)
    }
}
