import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSync
import OpenHealthKitTesting

/// `OpenHealthKitSync` on real stores: an embedded store synced into healthd over its HTTP API (as an iPhone app
/// pushes) and back out into another embedded store, with back-dated samples, deletions and a run interrupted at its
/// worst point; the two embedded stores then hold the same objects, one by one, with the same values and metadata.
@Suite struct HealthStoreSyncTests {
    static let steps = HKQuantityType(.stepCount)
    static let systolic = HKQuantityType(.bloodPressureSystolic)
    static let diastolic = HKQuantityType(.bloodPressureDiastolic)
    static let pressure = HKCorrelationType(.bloodPressure)
    static let sleep = HKCategoryType(.sleepAnalysis)
    static let types: [HKSampleType] = [steps, sleep, pressure, HKObjectType.workoutType()]
    /// What the sync app shares and reads: a correlation's member types stand for it.
    static let sharedTypes: Set<HKSampleType> = [steps, sleep, systolic, diastolic, HKObjectType.workoutType()]
    static let app = Apps.app("com.example.sync")

    /// An embedded store of its own, for the sync app, allowed everything it asks.
    static func embedded() async throws -> HKHealthStore {
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: .memory(name: UUID().uuidString), app: app,
                answerer: RuleAnswerer(AuthorizationAnswer.allowAll)))
        try await store.requestAuthorization(toShare: sharedTypes, read: sharedTypes)
        return store
    }

    static func day(_ days: Double) -> Date { Date(timeIntervalSince1970: 1_772_668_800 + days * 86_400) }

    static func stepSample(_ count: Double, _ days: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: day(days),
            end: day(days).addingTimeInterval(600), metadata: ["note": "walk \(Int(count))"])
    }

    /// Fails the second save: a run killed after storing a batch and before saving its anchor, the worst point.
    final class KilledAfterOneAnchor: SyncAnchorStore, @unchecked Sendable {
        let inner: SyncAnchorStore
        private var saves = 0
        init(_ inner: SyncAnchorStore) { self.inner = inner }
        func anchor(for type: String) throws -> HKQueryAnchor? { try inner.anchor(for: type) }
        func save(_ anchor: HKQueryAnchor, for type: String) throws {
            saves += 1
            guard saves < 2 else { throw HarnessError("killed") }
            try inner.save(anchor, for: type)
        }
    }

    /// A store's objects of the synced types, each as the values a copy keeps, keyed by the UUID of the object the
    /// sync started from (itself in the first store; its copies name it in their metadata).
    static func objects(_ store: HKHealthStore, origin: (HKSample) -> String) async throws -> [String: String] {
        var all: [String: String] = [:]
        for type in types {
            for sample in try await Fetch.samples(store, type) {
                var metadata = (sample.metadata ?? [:]).filter { !$0.key.hasPrefix("OpenHealthKitSync") }
                metadata.removeValue(forKey: HKMetadataKeySyncIdentifier)
                metadata.removeValue(forKey: HKMetadataKeySyncVersion)
                var value = ""
                switch sample {
                case let quantity as HKQuantitySample: value = "\(quantity.quantity)"
                case let category as HKCategorySample: value = "\(category.value)"
                case let correlation as HKCorrelation:
                    value = correlation.objects.compactMap { ($0 as? HKQuantitySample).map { "\($0.quantity)" } }
                        .sorted().joined(separator: ",")
                case let workout as HKWorkout:
                    value =
                        "\(workout.workoutActivityType.rawValue) \(workout.duration) \(String(describing: workout.totalDistance))"
                default: break
                }
                let pairs = metadata.map { "\($0.key)=\($0.value)" }.sorted()
                all[origin(sample)] =
                    "\(type.identifier) \(sample.startDate.timeIntervalSince1970) \(sample.endDate.timeIntervalSince1970) \(value) \(pairs)"
            }
        }
        return all
    }

    /// The first store's UUID of a second-generation copy: the copy's original sync identifier names it.
    static func firstUUID(_ sample: HKSample) -> String {
        (sample.metadata?[HealthStoreSync.originalSyncIdentifierKey] as? String ?? "")
            .replacingOccurrences(of: HealthStoreSync.identifierPrefix, with: "")
    }

    @Test(arguments: [StoreBackend.remote, .remotePostgreSQL])
    func anEmbeddedStoreSyncedIntoHealthdAndBackHoldsTheSameObjects(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in try await syncRoundTrip(try #require(world.daemon)) }
    }

    private func syncRoundTrip(_ daemon: DaemonHarness) async throws {
        let folder = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try await AppClient.authorized(
            daemon, Self.app, types: Self.sharedTypes.map(\.identifier))
        let healthd = daemon.store(credential: client.credential)
        let first = try await Self.embedded()
        // Into healthd as an iPhone app pushes: over its HTTP API, in the phone's preferred units.
        let intoHealthd = HealthdDestination(
            address: daemon.address, credential: client.credential,
            units: { try await first.preferredUnits(for: Set($0)) })
        let last = try await Self.embedded()

        // The phone's data: steps (one from 2019), a night, a blood pressure, a run.
        let removed = Self.stepSample(400, 1)
        try await first.save([Self.stepSample(900, 0), removed, Self.stepSample(50, -2_500)])
        try await first.save(
            HKCategorySample(
                type: Self.sleep, value: HKCategoryValueSleepAnalysis.asleepCore.rawValue, start: Self.day(0.9),
                end: Self.day(0.95)))
        try await first.save(
            HKCorrelation(
                type: Self.pressure, start: Self.day(0.3), end: Self.day(0.3),
                objects: [
                    HKQuantitySample(
                        type: Self.systolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 121),
                        start: Self.day(0.3), end: Self.day(0.3)),
                    HKQuantitySample(
                        type: Self.diastolic, quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 79),
                        start: Self.day(0.3), end: Self.day(0.3)),
                ]))
        try await first.save(
            HKWorkout(
                activityType: .running, start: Self.day(0.5), end: Self.day(0.52), duration: 1_700,
                totalEnergyBurned: nil, totalDistance: HKQuantity(unit: .meter(), doubleValue: 5_000), metadata: nil))

        // Into healthd, in batches of two, the first run killed after its first batch.
        let anchorsUp = FileAnchorStore(url: folder.appendingPathComponent("up.plist"))
        await #expect(throws: HarnessError.self) {
            _ = try await HealthStoreSync(
                from: first, to: intoHealthd, types: Self.types, anchors: KilledAfterOneAnchor(anchorsUp),
                batchSize: 2
            ).run()
        }
        let up = HealthStoreSync(from: first, to: intoHealthd, types: Self.types, anchors: anchorsUp, batchSize: 2)
        _ = try await up.run()

        // Later on the phone: a deletion and a back-dated sample, then the next run.
        try await first.delete(removed)
        try await first.save(Self.stepSample(70, -30))
        let second = try await up.run()
        #expect(second.deleted[Self.steps.identifier] == 1)
        #expect(second.copied[Self.steps.identifier] == 1)
        #expect(try await up.run() == HealthStoreSync.Report())

        // Out of healthd into another store (its remote store as the source).
        let down = HealthStoreSync(
            from: healthd, to: last, types: Self.types,
            anchors: FileAnchorStore(url: folder.appendingPathComponent("down.plist")), batchSize: 3)
        _ = try await down.run()

        let expected = try await Self.objects(first) { $0.uuid.uuidString }
        #expect(expected.count == 6)
        #expect(try await Self.objects(last, origin: Self.firstUUID) == expected)
        #expect(try await Fetch.samples(healthd, Self.steps).count == 3)
    }

    @Test func aTypeItDoesNotCopyIsRefusedBeforeAnythingIsCopied() async throws {
        let first = try await Self.embedded()
        let second = try await Self.embedded()
        try await first.save(Self.stepSample(10, 0))
        let folder = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sync = HealthStoreSync(
            from: first, to: second, types: [Self.steps, HKSeriesType.workoutRoute()],
            anchors: FileAnchorStore(url: folder.appendingPathComponent("anchors.plist")))
        await #expect(throws: HealthStoreSync.UnsupportedType.self) { _ = try await sync.run() }
        #expect(try await Fetch.samples(second, Self.steps).isEmpty)
    }

    @Test func anchorsSurviveTheProcessInAFileAndAFreshStoreReadsThemBack() throws {
        let folder = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("anchors.plist")
        try FileAnchorStore(url: url).save(HKQueryAnchor(fromValue: 42), for: "HKQuantityTypeIdentifierStepCount")
        let again = FileAnchorStore(url: url)
        #expect(try again.anchor(for: "HKQuantityTypeIdentifierStepCount") == HKQueryAnchor(fromValue: 42))
        #expect(try again.anchor(for: "HKQuantityTypeIdentifierHeartRate") == nil)
    }
}
