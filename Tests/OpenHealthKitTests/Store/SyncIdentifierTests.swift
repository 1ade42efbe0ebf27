import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion: a newer version of an object replaces the stored one
/// (leaving a tombstone for anchored readers); an older or equal version is ignored.
@Suite struct SyncIdentifierTests {
    let mass = HKQuantityType(.bodyMass)
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)

    func weighing(_ kilograms: Double, id: String, version: Int) -> HKQuantitySample {
        HKQuantitySample(
            type: mass, quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: kilograms), start: Date(),
            end: Date(),
            metadata: [HKMetadataKeySyncIdentifier: id, HKMetadataKeySyncVersion: version])
    }

    func storedKilograms(_ store: HKHealthStore) async throws -> [Double] {
        try await Fetch.samples(store, mass).compactMap {
            ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .gramUnit(with: .kilo))
        }
    }

    @Test func aNewerVersionReplacesTheStoredOneAndLeavesATombstone() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [mass])
        let first = weighing(80, id: "scale-1", version: 1)
        try await store.save(first)
        let anchor = try await harness.engine.changes(
            matching: [SampleFilter(type: mass, predicate: nil)], after: 0, as: .app(TestStores.app())
        ).anchor

        let second = weighing(79.5, id: "scale-1", version: 2)
        try await store.save(second)
        let stored = try await Fetch.samples(store, mass)
        #expect(stored.map(\.uuid) == [second.uuid])
        #expect(try await storedKilograms(store) == [79.5])

        let changes = try await harness.engine.changes(
            matching: [SampleFilter(type: mass, predicate: nil)], after: anchor, as: .app(TestStores.app()))
        #expect(changes.samples.map(\.uuid) == [second.uuid])
        let tombstone = try #require(changes.deletedObjects.first)
        #expect(changes.deletedObjects.count == 1)
        #expect(tombstone.uuid == first.uuid)
        #expect(tombstone.metadata?[HKMetadataKeySyncIdentifier] as? String == "scale-1")
        #expect((tombstone.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.intValue == 1)
    }

    @Test(arguments: [1, 3])
    func anOlderOrEqualVersionIsIgnoredWithoutError(version: Int) async throws {
        let store = try await StoreHarness().authorizedStore(for: [mass])
        let current = weighing(80, id: "scale-1", version: 3)
        try await store.save(current)
        try await store.save(weighing(90, id: "scale-1", version: version))
        #expect(try await Fetch.samples(store, mass).map(\.uuid) == [current.uuid])
        #expect(try await storedKilograms(store) == [80])
    }

    @Test func onlyTheNewestOfOneBatchIsKept() async throws {
        let store = try await StoreHarness().authorizedStore(for: [mass])
        try await store.save([
            weighing(81, id: "a", version: 1), weighing(82, id: "a", version: 5), weighing(83, id: "a", version: 2),
        ])
        #expect(try await storedKilograms(store) == [82])
    }

    @Test func differentIdentifiersAreDifferentObjects() async throws {
        let store = try await StoreHarness().authorizedStore(for: [mass])
        try await store.save([weighing(81, id: "a", version: 1), weighing(82, id: "b", version: 1)])
        #expect(Set(try await storedKilograms(store)) == [81, 82])
    }

    @Test func syncIdentifiersBelongToTheirSource() async throws {
        let harness = try StoreHarness()
        let mine = try await harness.authorizedStore(for: [mass])
        let theirs = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [mass])
        try await mine.save(weighing(80, id: "scale-1", version: 1))
        try await theirs.save(weighing(70, id: "scale-1", version: 2))
        #expect(Set(try await storedKilograms(mine)) == [80, 70])
    }

    @Test func aSyncIdentifierWithoutAVersionIsRejected() async throws {
        let error = #expect(throws: HKError.self) {
            try HKQuantitySample(
                validating: mass, quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 80), start: Date(),
                end: Date(),
                metadata: [HKMetadataKeySyncIdentifier: "scale-1"])
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(
            error?.message
                == "HKMetadataKeySyncVersion must be provided if HKMetadataKeySyncIdentifier is provided in the metadata"
        )

        // The store checks again what it is given.
        let store = try await StoreHarness().authorizedStore(for: [mass])
        let unchecked = HKQuantitySample(
            uuid: UUID(), type: mass, quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 80),
            start: Date(), end: Date(),
            device: nil, metadata: [HKMetadataKeySyncIdentifier: "scale-1"], sourceRevision: .placeholder())
        let saveError = await #expect(throws: HKError.self) { try await store.save(unchecked) }
        #expect(saveError?.code == .errorInvalidArgument)
        #expect(try await Fetch.samples(store, mass).isEmpty)
    }

    func pressure(_ high: Double, _ low: Double, version: Int) -> HKCorrelation {
        let now = Date()
        return HKCorrelation(
            type: HKCorrelationType(.bloodPressure), start: now, end: now,
            objects: [
                HKQuantitySample(
                    type: systolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: high), start: now,
                    end: now),
                HKQuantitySample(
                    type: diastolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: low), start: now,
                    end: now),
            ],
            metadata: [HKMetadataKeySyncIdentifier: "cuff-1", HKMetadataKeySyncVersion: version])
    }

    @Test func anOlderVersionOfACorrelationIsIgnoredWithItsMembers() async throws {
        let store = try await StoreHarness().authorizedStore(for: [systolic, diastolic])
        let current = pressure(120, 80, version: 2)
        try await store.save(current)
        try await store.save(pressure(140, 90, version: 1))
        #expect(try await Fetch.uuids(store, HKCorrelationType(.bloodPressure)) == [current.uuid])
        #expect(try await Fetch.uuids(store, systolic) == Set(current.objects(for: systolic).map(\.uuid)))
    }

    @Test func aNewerVersionOfACorrelationReplacesItWithItsMembers() async throws {
        let harness = try StoreHarness()
        let store = try await harness.authorizedStore(for: [systolic, diastolic])
        try await store.save(pressure(140, 90, version: 1))
        let newer = pressure(120, 80, version: 2)
        try await store.save(newer)

        let correlations = try await Fetch.samples(store, HKCorrelationType(.bloodPressure))
        #expect(correlations.map(\.uuid) == [newer.uuid])
        let highs = try await Fetch.samples(store, systolic).compactMap {
            ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .millimeterOfMercury())
        }
        #expect(highs == [120])
        #expect(try await Fetch.samples(store, diastolic).count == 1)
    }
}
