import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing

extension HealthdBacked {
    /// Pages render whatever a stored row holds, rows stored before values were bounded included: a number no `Int`
    /// holds is shown, never a trap that stops healthd for every user (docs/SECURITY.md, "Values are bounded").
    @Suite struct StoredValuePagesTests {
        @Test func aWorkoutStoredWithAHugeDurationStillRendersInTheListAndOnItsPage() async throws {
            try await TestDaemon.with { daemon in
                let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
                let start = Date(timeIntervalSince1970: 1_790_000_000)
                // Built and stored directly, as a row saved before durations were bounded: no validation runs.
                let workout = HKWorkout(
                    uuid: UUID(), activityType: .running, start: start, end: start.addingTimeInterval(1800),
                    workoutEvents: nil, duration: 1e308, totalEnergyBurned: nil,
                    totalDistance: HKQuantity(unit: .meter(), doubleValue: 1e-300), totalSwimmingStrokeCount: nil,
                    totalFlightsClimbed: nil, device: nil, metadata: nil, sourceRevision: .placeholder())
                let rows = try RowEncoding(source: owner.source, revision: owner.revision).rows(for: workout)
                _ = try await daemon.engine.storage.insert(rows)
                let browser = try await daemon.signedInClient()

                let list = try await browser.get("/workouts")
                #expect(list.status == 200)
                #expect(list.text.contains("/workouts/\(workout.uuid.uuidString)"))
                let page = try await browser.get("/workouts/\(workout.uuid.uuidString)")
                #expect(page.status == 200)
                #expect(page.text.contains("<dt>Workout Time</dt>"))
                // healthd still serves: the page above did not stop it.
                #expect(try await browser.get("/workouts").status == 200)
            }
        }
    }
}
