import Foundation
import Testing
import OpenHealthKit

/// Saving is all or nothing, UUIDs are unique for good, and every saved object carries its saver's revision.
@Suite struct SaveAndDeleteTests {
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func steps(_ count: Double, uuid: UUID = UUID(), metadata: [String: Any]? = nil) -> HKQuantitySample {
        // The package initializer skips validation, as a hostile or buggy client could.
        HKQuantitySample(
            uuid: uuid, type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: Date(),
            end: Date(),
            device: nil, metadata: metadata, sourceRevision: .placeholder())
    }

    @Test func aBatchWithATypeNotAuthorizedSavesNothing() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [steps])
        let reading = HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 70), start: Date(), end: Date())
        let error = await #expect(throws: HKError.self) { try await store.save([steps(1), steps(2), reading]) }
        #expect(error?.code == .errorAuthorizationNotDetermined)
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }

    @Test func aBatchWithADeniedTypeSavesNothing() async throws {
        let harness = try StoreHarness()
        let store = harness.store(
            answerer: RuleAnswerer { request in
                AuthorizationAnswer(allowedToShare: [steps], allowedToRead: request.toRead)
            })
        try await store.requestAuthorization(toShare: [steps, heartRate], read: [steps])
        let reading = HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 70), start: Date(), end: Date())
        let error = await #expect(throws: HKError.self) { try await store.save([steps(1), reading]) }
        #expect(error?.code == .errorAuthorizationDenied)
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }

    @Test func aBatchRepeatingAUUIDSavesNothing() async throws {
        let store = try await StoreHarness().authorizedStore(for: [steps])
        let uuid = UUID()
        let error = await #expect(throws: HKError.self) {
            try await store.save([steps(1), steps(2, uuid: uuid), steps(3, uuid: uuid)])
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }

    @Test func aBatchWithAnInvalidObjectSavesNothing() async throws {
        let store = try await StoreHarness().authorizedStore(for: [steps])
        let inMeters = HKQuantitySample(
            uuid: UUID(), type: steps, quantity: HKQuantity(unit: .meter(), doubleValue: 5), start: Date(), end: Date(),
            device: nil, metadata: nil, sourceRevision: .placeholder())
        let error = await #expect(throws: HKError.self) { try await store.save([steps(1), inMeters]) }
        #expect(error?.code == .errorInvalidArgument)
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }

    @Test func reusingTheUUIDOfAStoredObjectFails() async throws {
        let store = try await StoreHarness().authorizedStore(for: [steps])
        let first = steps(1)
        try await store.save(first)
        let error = await #expect(throws: HKError.self) {
            try await store.save([steps(2), steps(3, uuid: first.uuid)])
        }
        #expect(error?.code == .errorInvalidArgument)
        // Saving the very same object again fails too.
        let again = await #expect(throws: HKError.self) { try await store.save(first) }
        #expect(again?.code == .errorInvalidArgument)
        #expect(
            again?.message.contains("an object with UUID \(first.uuid.uuidString) is already stored") == true,
            "\(again?.message ?? "")")
        let stored = try await Fetch.samples(store, steps)
        #expect(stored.map(\.uuid) == [first.uuid])
        #expect((stored[0] as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 1)
    }

    @Test func everyObjectOfABatchIsStampedWithTheSaversRevision() async throws {
        let harness = try StoreHarness()
        let app = AppManifest(
            bundleIdentifier: "com.example.stamp", name: "Stamp", version: "7.1", shareUsageDescription: "r",
            updateUsageDescription: "w")
        let store = try await harness.authorizedStore(
            app, for: [steps, heartRate, HKCategoryType(.mindfulSession), .workoutType()])
        let objects: [HKSample] = [
            HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10), start: Date(), end: Date()),
            HKQuantitySample(
                type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 60), start: Date(), end: Date()),
            HKCategorySample(
                type: HKCategoryType(.mindfulSession), value: HKCategoryValue.notApplicable.rawValue, start: Date(),
                end: Date()),
            HKWorkout(activityType: .yoga, start: Date().addingTimeInterval(-600), end: Date()),
        ]
        try await store.save(objects)
        let os = ProcessInfo.processInfo.operatingSystemVersion
        for object in objects {
            #expect(object.sourceRevision.source.bundleIdentifier == "com.example.stamp")
            #expect(object.sourceRevision.source.name == "Stamp")
            #expect(object.sourceRevision.version == "7.1")
            #expect(object.sourceRevision.operatingSystemVersion.majorVersion == os.majorVersion)
            let stored = try #require(try await Fetch.samples(store, object.sampleType).first)
            #expect(stored.sourceRevision == object.sourceRevision)
        }
    }

    @Test func theCompletionHandlerFormsReportSuccessAndFailure() async throws {
        let store = try await StoreHarness().authorizedStore(for: [steps])
        let sample = steps(4)
        let saved = await withCheckedContinuation { continuation in
            store.save(sample) { success, error in continuation.resume(returning: success && error == nil) }
        }
        #expect(saved)
        let (success, error) = await withCheckedContinuation { continuation in
            store.save(sample) { continuation.resume(returning: ($0, $1)) }
        }
        #expect(!success)
        #expect((error as? HKError)?.code == .errorInvalidArgument)
        let deleted = await withCheckedContinuation { continuation in
            store.delete(sample) { success, error in continuation.resume(returning: success && error == nil) }
        }
        #expect(deleted)
        #expect(try await Fetch.samples(store, steps).isEmpty)
    }
}
