import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Background delivery through HKHealthStore on both backends: HealthKit's entitlement check, and changes made
/// while the app was away reported by its observer query when it comes back, until acknowledged.
extension StoreOnBothBackendsTests {
    static var backgroundApp: AppManifest {
        var manifest = Apps.app("com.example.background")
        manifest.hasBackgroundDeliveryEntitlement = true
        return manifest
    }

    /// Runs an observer query of heart rate until its handler was called `expected` times (however long that takes),
    /// and a moment longer for a call too many; returns what the handler saw. The handler calls its completion
    /// handler when `acknowledge` is true.
    func observe(_ store: HKHealthStore, acknowledge: Bool, expecting expected: Int) async throws -> [String] {
        let inbox = Inbox<String>()
        let query = HKObserverQuery(sampleType: heartRate, predicate: nil) { _, completion, error in
            inbox.post(error.map { "error \($0)" } ?? "changed")
            if acknowledge { completion() }
        }
        store.execute(query)
        var seen: [String] = []
        for _ in 0..<expected { seen.append(try await inbox.next()) }
        seen += try await inbox.rest()
        store.stop(query)
        return seen
    }

    @Test(arguments: StoreBackend.allCases)
    func backgroundDeliveryNeedsItsEntitlement(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let plain = try await world.authorizedStore(for: [heartRate])
            let error = await #expect(throws: HKError.self) {
                try await plain.enableBackgroundDelivery(for: heartRate, frequency: .immediate)
            }
            #expect(error?.code == .errorAuthorizationDenied)
            #expect(error?.message == "Missing com.apple.developer.healthkit.background-delivery entitlement.")
            let answer = try await withCheckedThrowingContinuation { continuation in
                plain.enableBackgroundDelivery(for: heartRate, frequency: .hourly) { success, error in
                    continuation.resume(returning: (success, (error as? HKError)?.code))
                }
            }
            #expect(answer.0 == false && answer.1 == .errorAuthorizationDenied)

            let entitled = try await world.authorizedStore(Self.backgroundApp, for: [heartRate])
            try await entitled.enableBackgroundDelivery(for: heartRate, frequency: .hourly)
            let correlation = await #expect(throws: HKError.self) {
                try await entitled.enableBackgroundDelivery(for: HKCorrelationType(.bloodPressure), frequency: .daily)
            }
            #expect(correlation?.code == .errorInvalidArgument)
            let disabled = try await withCheckedThrowingContinuation { continuation in
                entitled.disableAllBackgroundDelivery { success, error in
                    continuation.resume(returning: success && error == nil)
                }
            }
            #expect(disabled)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func changesMadeWhileTheAppWasAwayArePendingUntilAcknowledged(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let writer = try await world.authorizedStore(Apps.app("com.example.writer"), for: [heartRate])
            let app = try await world.authorizedStore(Self.backgroundApp, for: [heartRate])
            try await writer.save(beat(50))
            try await app.enableBackgroundDelivery(for: heartRate, frequency: .immediate)
            // What was there before the request is not news.
            #expect(try await observe(app, acknowledge: true, expecting: 0).isEmpty)

            // Saved while no query of the app ran: its observer query reports it at once, without a new change.
            try await writer.save(beat(60, at: 60))
            #expect(try await observe(app, acknowledge: false, expecting: 1) == ["changed"])
            // Not acknowledged: reported again the next time.
            #expect(try await observe(app, acknowledge: true, expecting: 1) == ["changed"])
            // Acknowledged: nothing is pending.
            #expect(try await observe(app, acknowledge: true, expecting: 0).isEmpty)

            // Without background delivery an observer query starts from now, as before.
            try await writer.save(beat(70, at: 120))
            try await app.disableBackgroundDelivery(for: heartRate)
            #expect(try await observe(app, acknowledge: true, expecting: 0).isEmpty)
        }
    }
}
