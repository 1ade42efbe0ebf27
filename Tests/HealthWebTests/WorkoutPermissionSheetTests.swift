import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting
import Testing

/// The permission sheet of an app that records workouts: it names the workout, route and effort score types, and
/// the owner's answer grants them.
extension HealthdBacked {
    @Suite struct WorkoutPermissionSheetTests {
        @Test func theSheetNamesTheWorkoutRouteAndEffortTypesAndGrantsThem() async throws {
            try await TestDaemon.with { daemon in try await answerTheSheet(daemon) }
        }

        private func answerTheSheet(_ daemon: TestDaemon) async throws {
            let app = AppManifest(
                bundleIdentifier: "com.example.runner", name: "Runner", shareUsageDescription: "Reads.",
                updateUsageDescription: "Writes.")
            let credential = try await daemon.register(app)
            let store = HKHealthStore(
                configuration: HealthStoreConfiguration(remote: .init(address: daemon.address, credential: credential)))
            let route = HKSeriesType.workoutRoute()
            let types: Set<HKSampleType> = [
                HKObjectType.workoutType(), route, HKQuantityType(.workoutEffortScore),
                HKQuantityType(.estimatedWorkoutEffortScore),
            ]
            let request = Task { try await store.requestAuthorization(toShare: types, read: types) }

            let browser = try await daemon.signedInClient()
            var page = try await browser.get("/permissions")
            try await waitUntil("the request to reach the sheet") {
                page = try await browser.get("/permissions")
                return page.text.contains("data-request=")
            }
            // Health's names (PageTypeNames).
            for name in ["Workouts", "Workout Routes", "Workout Effort", "Estimated Workout Effort"] {
                #expect(page.text.contains("<span>\(name)</span>"), "\(name)")
            }
            let marker = try #require(page.text.range(of: "data-request=\""))
            let id = String(page.text[marker.upperBound...].prefix { $0 != "\"" })
            let switches = types.flatMap { [("share", $0.identifier), ("read", $0.identifier)] }
            let answered = try await browser.post(
                "/permissions/\(id)", form: switches + [("answer", "allow"), ("csrf", page.field("csrf") ?? "")])
            #expect(answered.status == 303)
            try await request.value
            #expect(store.authorizationStatus(for: route) == .sharingAuthorized)
            #expect(store.authorizationStatus(for: HKQuantityType(.workoutEffortScore)) == .sharingAuthorized)
        }
    }
}
