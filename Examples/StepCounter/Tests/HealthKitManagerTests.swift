import Foundation
import HealthKit
import OpenHealthKitTesting
import Testing

@testable import StepCounter

/// The `ObservableObject` manager: its `@Published` properties publish what its queries read, through
/// `objectWillChange` and their own publishers, with nothing imported but HealthKit.
@Suite struct HealthKitManagerTests {
    @Test func authorizationPublishesThroughObjectWillChangeAndTheProperty() async throws {
        let manager = HealthKitManager(healthStore: try await TestStores.authorized())
        let (willChange, willChangeCancellable) = manager.objectWillChange.recorded()
        let (authorized, authorizedCancellable) = manager.$isAuthorized.recorded()
        defer {
            willChangeCancellable.cancel()
            authorizedCancellable.cancel()
        }
        #expect(try await authorized.next() == false)

        let granted = await withCheckedContinuation { continuation in
            manager.requestAuthorization { continuation.resume(returning: $0) }
        }
        #expect(granted)
        #expect(manager.isAuthorized)
        #expect(try await authorized.next() == true)
        try await willChange.next()
    }

    @Test func stepsTodayPublishesTheSumOfTodaysSteps() async throws {
        let store = try await TestStores.authorized()
        try await store.save([TestStores.steps(1_200), TestStores.steps(300)])
        let manager = HealthKitManager(healthStore: store)
        let (steps, cancellable) = manager.$stepsToday.dropFirst().recorded()
        defer { cancellable.cancel() }

        manager.fetchStepsToday()
        #expect(try await steps.next() == 1_500)
    }

    @Test func observingHeartRatePublishesEachNewHeartRateSaved() async throws {
        let store = try await TestStores.authorized()
        let manager = HealthKitManager(healthStore: store)
        let (heartRates, cancellable) = manager.$latestHeartRate.compactMap { $0 }.recorded()
        defer { cancellable.cancel() }
        manager.startObservingHeartRate()
        defer { manager.stopObservingHeartRate() }

        try await store.save(TestStores.heartRate(72))
        #expect(try await heartRates.next() == 72)
        try await store.save(TestStores.heartRate(95))
        #expect(try await heartRates.next() == 95)
    }
}
