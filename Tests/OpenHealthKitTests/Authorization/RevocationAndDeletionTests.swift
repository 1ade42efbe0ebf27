import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// The user changes their mind, and apps delete: a revoked grant holds at once, and an app deletes only what it saved.
@Suite struct RevocationAndDeletionTests {
    let steps = HKQuantityType(.stepCount)

    func steps(_ count: Double, minutesAgo: Double = 10) -> HKQuantitySample {
        let end = Date().addingTimeInterval(-minutesAgo * 60)
        return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: end.addingTimeInterval(-60),
            end: end)
    }

    @Test func aRevokedShareGrantRefusesTheNextSave() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [steps])
        try await store.save(steps(10))
        try await harness.engine.revokeAll(app: TestStores.app().bundleIdentifier)
        #expect(store.authorizationStatus(for: steps) == .sharingDenied)
        let error = await #expect(throws: HKError.self) { try await store.save(steps(20)) }
        #expect(error?.code == .errorAuthorizationDenied)
        #expect(try await Fetch.samples(store, steps).count == 1)
    }

    @Test func aRevokedReadGrantHidesOthersDataFromTheNextQuery() async throws {
        let harness = try StoreHarness()
        let other = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [steps])
        try await other.save(steps(500))
        let store = try await harness.authorizedStore(for: [steps])
        let mine = steps(10)
        try await store.save(mine)
        #expect(try await Fetch.samples(store, steps).count == 2)

        var grant = try await harness.engine.grants.grant(
            app: TestStores.app().bundleIdentifier, type: steps.identifier)
        grant.read = .denied
        try await harness.engine.setGrants([steps.identifier: grant], app: TestStores.app().bundleIdentifier)
        #expect(try await Fetch.uuids(store, steps) == [mine.uuid])
        // The share grant was left alone.
        #expect(store.authorizationStatus(for: steps) == .sharingAuthorized)
        try await store.save(steps(30))
    }

    @Test func aRevokedAppIsNotAskedAgain() async throws {
        let harness = try StoreHarness()
        let answerer = CountingAnswerer()
        let store = harness.store(answerer: answerer)
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        try await harness.engine.revokeAll(app: TestStores.app().bundleIdentifier)
        try await store.requestAuthorization(toShare: [steps], read: [steps])
        #expect(answerer.count == 1)
        #expect(try await store.statusForAuthorizationRequest(toShare: [steps], read: [steps]) == .unnecessary)
    }

    @Test func anAppDeletesWhatItSaved() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [steps])
        let kept = steps(1), deleted = steps(2)
        try await store.save([kept, deleted])
        try await store.delete(deleted)
        #expect(try await Fetch.uuids(store, steps) == [kept.uuid])
    }

    @Test func deletingAnotherAppsSampleIsDeniedAndDeletesNothing() async throws {
        let harness = try StoreHarness()
        let other = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [steps])
        let theirs = steps(500)
        try await other.save(theirs)
        let store = try await harness.authorizedStore(for: [steps])
        let mine = steps(10)
        try await store.save(mine)

        let error = await #expect(throws: HKError.self) { try await store.delete([mine, theirs]) }
        #expect(error?.code == .errorAuthorizationDenied)
        #expect(try await Fetch.uuids(store, steps) == [mine.uuid, theirs.uuid])
    }

    @Test func deletingWithoutAShareGrantIsRefused() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [steps])
        let mine = steps(10)
        try await store.save(mine)
        try await harness.engine.revokeAll(app: TestStores.app().bundleIdentifier)
        let error = await #expect(throws: HKError.self) { try await store.delete(mine) }
        #expect(error?.code == .errorAuthorizationDenied)
        #expect(try await Fetch.uuids(store, steps) == [mine.uuid])
    }

    @Test func deleteObjectsDeletesOnlyTheAppsOwnMatchesAndCountsThem() async throws {
        let harness = try StoreHarness()
        let other = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [steps])
        let theirs = [steps(100, minutesAgo: 5), steps(200, minutesAgo: 50)]
        try await other.save(theirs)
        let store = try await harness.authorizedStore(for: [steps])
        let recent = [steps(1, minutesAgo: 5), steps(2, minutesAgo: 6)], old = steps(3, minutesAgo: 50)
        try await store.save(recent + [old])

        let lastQuarterHour = HKQuery.predicateForSamples(withStart: Date().addingTimeInterval(-15 * 60), end: nil)
        let count = try await store.deleteObjects(of: steps, predicate: lastQuarterHour)
        #expect(count == 2)
        #expect(try await Fetch.uuids(store, steps) == Set(theirs.map(\.uuid) + [old.uuid]))
    }

    @Test func deleteObjectsReportsItsCountThroughTheCompletionHandler() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [steps])
        try await store.save([steps(1), steps(2), steps(3)])
        let (success, count, error) = await withCheckedContinuation { continuation in
            store.deleteObjects(of: steps, predicate: NSPredicate(value: true)) {
                continuation.resume(returning: ($0, $1, $2))
            }
        }
        #expect(success)
        #expect(count == 3)
        #expect(error == nil)
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }

    @Test func theOwnerMayDeleteAnything() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [steps])
        let sample = steps(10)
        try await store.save(sample)
        try await harness.engine.delete(
            uuids: [sample.uuid],
            as: .owner(source: SourceRow(bundleIdentifier: "com.openhealthkit.health", name: "Health")))
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }
}
