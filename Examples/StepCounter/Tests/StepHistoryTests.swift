import Foundation
import HealthKit
import OpenHealthKitTesting
import Testing

@testable import StepCounter

/// The `@Observable` model: observation tracking sees what its query loads, with nothing imported but HealthKit.
@Suite struct StepHistoryTests {
    @Test func loadingNotifiesTrackedObserversAndHoldsAWeekOfDailyTotals() async throws {
        let store = try await TestStores.authorized()
        try await store.save([TestStores.steps(400), TestStores.steps(600)])
        let history = StepHistory(healthStore: store)
        let changes = Inbox<Void>()
        withObservationTracking {
            _ = history.days
        } onChange: {
            changes.post(())
        }

        await withCheckedContinuation { continuation in history.load { continuation.resume() } }
        try await changes.next()
        #expect(history.days.count == 7)
        #expect(history.days.last?.steps == 1_000)
        #expect(history.days.dropLast().allSatisfy { $0.steps == 0 })
        #expect(history.errorMessage == nil)
    }
}
