import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitSQLite

/// A store shared by many tasks at once, and a database file that outlives the process's engine.
@Suite struct ConcurrencyAndPersistenceTests {
    let steps = HKQuantityType(.stepCount)

    static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ohk-\(UUID().uuidString)/health.sqlite").path
    }

    func steps(_ count: Double, at offset: TimeInterval) -> HKQuantitySample {
        let start = Date(timeIntervalSince1970: 1_700_000_000 + offset)
        return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
            end: start.addingTimeInterval(1))
    }

    @Test(arguments: ["memory", "file"])
    func manyTasksSavingAndQueryingAtOnceSeeConsistentData(kind: String) async throws {
        let location: HealthStoreConfiguration.Location =
            kind == "file" ? .file(Self.temporaryDatabase()) : TestStores.database()
        let harness = try StoreHarness(location: location)
        try await harness.store().requestAuthorization(toShare: [steps], read: [steps])
        let tasks = 8, perTask = 200, batch = 20

        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // Each task has its own HKHealthStore on the shared database, as separate parts of an app would.
                    let store = harness.store()
                    var seen = 0
                    for first in stride(from: 0, to: perTask, by: batch) {
                        let samples = (first..<first + batch).map {
                            self.steps(Double(task), at: Double(task * perTask + $0))
                        }
                        try await store.save(samples)
                        let visible = try await Fetch.samples(store, self.steps)
                        // Whole batches only, never fewer than before, and at least this task's own saves.
                        #expect(visible.count % batch == 0)
                        #expect(visible.count >= seen)
                        #expect(
                            visible.filter {
                                ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == Double(task)
                            }.count == first + batch)
                        seen = visible.count
                    }
                }
            }
            try await group.waitForAll()
        }

        let all = try await Fetch.samples(
            harness.store(), steps, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
        #expect(all.count == tasks * perTask)
        #expect(Set(all.map(\.uuid)).count == tasks * perTask)
        #expect(all.map(\.startDate) == all.map(\.startDate).sorted())
    }

    @Test func samplesAndGrantsSurviveReopeningTheDatabaseFile() async throws {
        let path = Self.temporaryDatabase()
        let sample = steps(1234, at: 0)
        do {
            let harness = try StoreHarness(location: .file(path))
            let store = try await harness.authorizedStore(for: [steps])
            try await store.save(sample)
            try await harness.engine.setCharacteristic(.bloodType, to: String(HKBloodType.abPositive.rawValue))
            try await store.requestAuthorization(toShare: [], read: [HKCharacteristicType(.bloodType)])
        }
        EngineRegistry.close(.file(path))

        // A new engine on the same file, asked by no one: nothing needs asking again.
        let answerer = CountingAnswerer()
        let reopened = try StoreHarness(location: .file(path)).store(answerer: answerer)
        try await reopened.requestAuthorization(toShare: [steps], read: [steps])
        #expect(answerer.count == 0)
        #expect(reopened.authorizationStatus(for: steps) == .sharingAuthorized)
        let stored = try await Fetch.samples(reopened, steps)
        #expect(stored.map(\.uuid) == [sample.uuid])
        #expect((stored.first as? HKQuantitySample)?.quantity.doubleValue(for: .count()) == 1234)
        #expect(stored.first?.sourceRevision.version == "3")
        #expect(try reopened.bloodType().bloodType == .abPositive)
        // UUIDs stay taken across reopening.
        let reused = await #expect(throws: HKError.self) { try await reopened.save(sample) }
        #expect(reused?.code == .errorInvalidArgument)
        #expect(
            reused?.message.contains("an object with UUID \(sample.uuid.uuidString) is already stored") == true,
            "\(reused?.message ?? "")")
    }

    @Test func theDatabaseFileIsPrivateToItsOwner() async throws {
        let path = Self.temporaryDatabase()
        let store = try await StoreHarness(location: .file(path)).authorizedStore(for: [steps])
        try await store.save(steps(1, at: 0))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            let mode = try FileManager.default.attributesOfItem(atPath: path + suffix)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600, "\(suffix)")
        }
        let storage = try SQLiteStorage(path: path)
        #expect(try storage.integrityCheck() == "ok")
    }

    @Test func anExistingFileIsTightenedTo0600() async throws {
        let path = Self.temporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        let store = try StoreHarness(location: .file(path)).store()
        #expect(store.authorizationStatus(for: steps) == .notDetermined)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test func aDatabaseThatCannotBeOpenedFailsEveryCall() async throws {
        // A directory where the file should be.
        let path = Self.temporaryDatabase()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let store = HKHealthStore(configuration: HealthStoreConfiguration(location: .file(path), app: TestStores.app()))
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [steps], read: [])
        }
        #expect(error?.code == .errorDatabaseInaccessible)
        let queryError = await #expect(throws: HKError.self) { _ = try await Fetch.samples(store, steps) }
        #expect(queryError?.code == .errorDatabaseInaccessible)
    }
}
