import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitSQLite

/// The upgrades of a SQLite file an earlier version wrote (v6, v7): kept data stays, v3's clinical records and kept
/// prescriptions become samples. (Each kind's behaviour on every storage: OpenHealthKitStorageTests.)
@Suite struct SchemaUpgradeTests {
    static let health = SourceRow(bundleIdentifier: "com.apple.Health", name: "Health")

    /// Runs `body` with a store file in a fresh folder, migrated up to `migration`, and its queue; removes the folder
    /// afterwards.
    static func withStore(migratedUpTo migration: String, _ body: (String, DatabaseQueue) async throws -> Void)
        async throws
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-upgrade-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: migration)
        try await body(path, queue)
    }

    static func row(_ type: String, at start: Double, value: Double? = nil, detail: SampleDetail) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: start, endDate: start, value: value, source: health,
            revision: RevisionRow(), detail: detail)
    }

    /// The merged step sums of each interval from `start`, read from the aggregates and from the samples.
    static func stepSums(_ engine: HealthEngine, from start: Double, every components: DateComponents) async throws -> (
        aggregates: [Double?], samples: [Double?]
    ) {
        let request = StatisticsRequest(
            type: HKQuantityType(.stepCount), options: [.cumulativeSum],
            intervals: try StatisticsIntervals(
                anchor: Date(timeIntervalSince1970: start), components: components,
                calendar: Calendar(identifier: .gregorian)))
        let owner = Principal.owner(source: health)
        return await (
            try engine.statistics(request, as: owner, path: .aggregates).buckets.map(\.merged.sum),
            try await engine.statistics(request, as: owner, path: .samples).buckets.map(\.merged.sum)
        )
    }

    @Test func aNewStoreRecordsEveryMigrationOfTheOneList() throws {
        let storage = try SQLiteStorage()
        let names = try storage.writer.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        // Those that do nothing on SQLite too.
        #expect(Set(names) == Set(SchemaMigration.allCases.map(\.name)))
    }

    @Test func aStoreANewerVersionUpgradedIsRefused() async throws {
        try await Self.withStore(migratedUpTo: SchemaMigration.allCases.last!.name) { path, queue in
            try queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
            }
            try queue.close()
            #expect(throws: SchemaMigrationError.newerSchema("v99: from the future")) { try SQLiteStorage(path: path) }
        }
    }

    /// A store at v4 (as the last release left it) at `path`, holding what `fill` writes.
    static func v4Store(at path: String, _ fill: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v4: pending permission requests")
        try queue.write(fill)
    }

    @Test func theUpgradeMakesV3ClinicalRecordsSamplesOfTheirInstitution() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let uuid = UUID()
        try Self.v4Store(at: path) { db in
            try db.execute(
                sql: """
                    INSERT INTO clinical_record (uuid, type, identifier, source_name, source_url, fhir_version,
                        received_date, resource_file_path, resource_type, resource)
                    VALUES (?, 'HKClinicalTypeIdentifierLabResultRecord', 'obs-1', 'Charité Berlin', NULL, '4.0.1',
                        1666260000, '/clinical-records/Observation-obs-1.json', 'Observation',
                        '{"resourceType":"Observation","id":"obs-1","code":{"text":"Hemoglobin A1c"}}')
                    """, arguments: [uuid.blob])
        }
        let storage = try SQLiteStorage(path: path)
        let records = try storage.fetch(RowQuery(typeIdentifiers: ["HKClinicalTypeIdentifierLabResultRecord"]))
        try #require(records.count == 1)
        #expect(records[0].uuid == uuid)
        #expect(records[0].startDate == 1_666_260_000)
        #expect(
            records[0].source
                == SourceRow(bundleIdentifier: "org.openhealthkit.export.records-charit-berlin", name: "Charité Berlin")
        )
        #expect(records[0].anchor > 0)
        guard case .clinicalRecord(let record)? = records[0].detail else {
            Issue.record("no clinical record detail")
            return
        }
        #expect(record.displayName == "Hemoglobin A1c")
        #expect(record.resourceFilePath == "/clinical-records/Observation-obs-1.json")
        #expect(try storage.writer.read { db in try db.tableExists("clinical_record") } == false)
    }

    /// A store at v12 upgrades to v15: the aggregate triggers are gone, and the writers' own notes keep the
    /// aggregates exact through a later save and delete.
    @Test func theUpgradeFromV12DropsTheTriggersAndSavesAndDeletesStillKeepTheAggregates() async throws {
        try await Self.withStore(migratedUpTo: "v12: time-weighted aggregates") { path, queue in
            let hour = 1_774_569_600.0
            @Sendable func steps(_ offset: Double, _ count: Double) -> SampleRow {
                SampleRow(
                    uuid: UUID(), typeIdentifier: HKQuantityTypeIdentifier.stepCount.rawValue, startDate: hour + offset,
                    endDate: hour + offset + 600, value: count, source: Self.health, revision: RevisionRow())
            }
            try await queue.write { db in
                // v12's triggers note the sample, as that version's writer did.
                var notes = StatisticsNotes()
                _ = try SampleInserter(db, policy: .skip).insert([steps(0, 100)], parents: [], notes: &notes)
            }
            try queue.close()
            let storage = try SQLiteStorage(path: path)
            let triggers = try await storage.writer.read { db in
                try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'statistics%'")
            }
            #expect(triggers.isEmpty)
            let late = [steps(3600, 40), steps(7200, 25)]
            _ = try storage.insert(late)
            _ = try storage.delete(uuids: [late[0].uuid])
            let sums = try await Self.stepSums(
                HealthEngine(storage: storage), from: hour, every: DateComponents(hour: 1))
            #expect(sums.aggregates == [100, 25])
            #expect(sums.aggregates == sums.samples)
        }
    }

    @Test func theUpgradeFromV15BuildsAgainTheMergedRowsOfATypeWhoseDefaultOrderChanged() async throws {
        try await Self.withStore(migratedUpTo: "v15: statistics noted by the writers") { path, queue in
            let hour = 1_774_569_600.0
            let app = SourceRow(bundleIdentifier: "com.example.pedometer", name: "Pedometer")
            let watch = SourceRow(bundleIdentifier: "com.apple.health.0C5E6A2B", name: "Ann's Apple Watch")
            let rows = [(app, 0.0, 1000.0), (watch, 1800, 600)].map { source, offset, count in
                SampleRow(
                    uuid: UUID(), typeIdentifier: HKQuantityTypeIdentifier.stepCount.rawValue,
                    startDate: hour + offset, endDate: hour + offset + 3600, value: count, source: source,
                    revision: RevisionRow())
            }
            let setting = SourcePriority.settingKey(for: HKQuantityTypeIdentifier.stepCount.rawValue)
            try await queue.write { db in
                var notes = StatisticsNotes()
                _ = try SampleInserter(db, policy: .skip).insert(rows, parents: [], notes: &notes)
                // The rows and ranking the old default order (first stored counts first) kept.
                try db.execute(
                    sql: "INSERT INTO setting (key, value) VALUES (?, ?)",
                    arguments: [setting, app.bundleIdentifier + "\n" + watch.bundleIdentifier])
                try StatisticsAggregates(db).maintain(&notes)
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [setting])
            }
            try queue.close()
            let sums = try await Self.stepSums(
                HealthEngine(storage: try SQLiteStorage(path: path)), from: hour, every: DateComponents(day: 1))
            // The watch in full, the app for the half hour before it: 600 + 500.
            #expect(sums.aggregates == [1100])
            #expect(sums.samples == [1100])
        }
    }

    /// A store at v6 (v5's workouts, then series, electrocardiograms and audiograms) holding an
    /// electrocardiogram and a v3 clinical record: v7 makes the record a sample and leaves the recording as it was.
    @Test func theUpgradeFromV11BuildsHeartRateAggregatesWithTheSamplesFigures() async throws {
        try await Self.withStore(migratedUpTo: "v11: hourly aggregates") { path, queue in
            let hour = 1_774_569_600.0
            let readings = [(0.0, 60.0), (840, 90), (1500, 120), (3000, 80)].map { offset, bpm in
                SampleRow(
                    uuid: UUID(), typeIdentifier: HKQuantityTypeIdentifier.heartRate.rawValue, startDate: hour + offset,
                    endDate: hour + offset, value: bpm, source: Self.health, revision: RevisionRow())
            }
            try await queue.write { db in
                // v11's triggers note the readings, as that version's writer did.
                var notes = StatisticsNotes()
                _ = try SampleInserter(db, policy: .skip).insert(readings, parents: [], notes: &notes)
            }
            try queue.close()
            let engine = HealthEngine(storage: try SQLiteStorage(path: path))
            let request = StatisticsRequest(
                type: HKQuantityType(.heartRate), options: [.discreteAverage, .discreteMax],
                intervals: try StatisticsIntervals(
                    anchor: Date(timeIntervalSince1970: hour), components: DateComponents(minute: 30),
                    calendar: Calendar(identifier: .gregorian)))
            let owner = Principal.owner(source: Self.health)
            let fromAggregates = try await engine.statistics(request, as: owner, path: .aggregates)
            let fromSamples = try await engine.statistics(request, as: owner, path: .samples)
            #expect(fromAggregates.buckets.map(\.merged.average) == fromSamples.buckets.map(\.merged.average))
            // The first half hour: 60 bpm held 600 s (the longest hold), 90 held 600 s across the quarter hour's end,
            // 120 held 300 s (to the half hour's end).
            let weighted: Double = 60 * 600 + 90 * 600 + 120 * 300
            #expect(fromAggregates.buckets.first?.merged.average == weighted / 1500)
        }
    }

    @Test func theUpgradeFromV6KeepsElectrocardiogramsAndMakesClinicalRecordsSamples() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let record = UUID()
        let recording = Self.row(
            "HKDataTypeIdentifierElectrocardiogram", at: 1_700_000_000,
            detail: .electrocardiogram(
                ElectrocardiogramRow(
                    classification: 1, symptomsStatus: 1, averageHeartRate: 1.2, samplingFrequency: 512,
                    voltageCount: 3, leads: [ElectrocardiogramLeadRow(lead: 1, microvolts: [-12.5, 0, 40.25])])))
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v6: series, electrocardiograms, audiograms")
        try queue.write { db in
            var notes = StatisticsNotes()  // Before the aggregates (v9): nothing to maintain.
            _ = try SampleInserter(db, policy: .skip).insert([recording], parents: [], notes: &notes)
            try db.execute(
                sql: """
                    INSERT INTO clinical_record (uuid, type, identifier, source_name, source_url, fhir_version,
                        received_date, resource_file_path, resource_type, resource)
                    VALUES (?, 'HKClinicalTypeIdentifierLabResultRecord', 'obs-1', 'Charité Berlin', NULL, '4.0.1',
                        1666260000, NULL, 'Observation', '{"resourceType":"Observation","id":"obs-1"}')
                    """, arguments: [record.blob])
        }
        try queue.close()
        let storage = try SQLiteStorage(path: path)
        let recordings = try storage.fetch(RowQuery(typeIdentifiers: ["HKDataTypeIdentifierElectrocardiogram"]))
        #expect(recordings.map(\.uuid) == [recording.uuid])
        guard case .electrocardiogram(let summary)? = recordings.first?.detail else {
            Issue.record("no electrocardiogram detail")
            return
        }
        #expect(summary.voltageCount == 3 && summary.classification == 1)
        #expect(try storage.electrocardiogramLeads(of: recording.uuid).map(\.microvolts) == [[-12.5, 0, 40.25]])
        let records = try storage.fetch(RowQuery(typeIdentifiers: ["HKClinicalTypeIdentifierLabResultRecord"]))
        #expect(records.map(\.uuid) == [record])
        guard case .clinicalRecord(let clinical)? = records.first?.detail else {
            Issue.record("no clinical record detail")
            return
        }
        #expect(clinical.identifier == "obs-1")
        // Samples inserted after the upgrade take anchors after the ones before it.
        #expect(records[0].anchor > recordings[0].anchor)
    }

    @Test func theUpgradeMakesKeptVisionPrescriptionsPrescriptionsAndKeepsWhatItCannotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let readable = UUID(), broken = UUID()
        try Self.v4Store(at: path) { db in
            let insert =
                "INSERT INTO unrecognized_record (uuid, element, attributes, children) VALUES (?, 'VisionPrescription', ?, ?)"
            try db.execute(
                sql: insert,
                arguments: [
                    readable.blob,
                    #"{"type":"HKVisionPrescriptionTypeGlasses","dateIssued":"2021-05-05 00:00:00 +0200"}"#,
                    #"[{"element":"RightEye","attributes":{"sphere":"-1.25","sphereUnit":"D"}}]"#,
                ])
            try db.execute(sql: insert, arguments: [broken.blob, #"{"type":"HKVisionPrescriptionTypeMonocle"}"#, nil])
        }
        let storage = try SQLiteStorage(path: path)
        let prescriptions = try storage.fetch(RowQuery(typeIdentifiers: ["HKVisionPrescriptionTypeIdentifier"]))
        #expect(prescriptions.map(\.uuid) == [readable])
        guard case .visionPrescription(let prescription)? = prescriptions.first?.detail else {
            Issue.record("no prescription detail")
            return
        }
        #expect(prescription.lenses.map(\.sphere) == [-1.25])
        #expect(prescriptions.first?.startDate == 1_620_165_600)
        #expect(
            try storage.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM unrecognized_record") } == 1
        )
    }
}
