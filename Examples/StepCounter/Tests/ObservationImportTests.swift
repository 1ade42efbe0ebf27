import Foundation
import HealthKit
import Observation
import OpenHealthKitTesting
import Testing

/// A file that imports Observation itself as well as HealthKit: the same module under both imports.
@Suite struct ObservationImportTests {
    @Observable final class Goal {
        var steps = 10_000
    }

    @Test func observableWorksInAFileImportingObservationAndHealthKit() async throws {
        let goal = Goal()
        let changes = Inbox<Void>()
        withObservationTracking {
            _ = goal.steps
        } onChange: {
            changes.post(())
        }

        goal.steps = 12_000
        try await changes.next()
        #expect(goal.steps == 12_000)
    }
}
