import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// Saves and imports insert samples through one writer; they differ only in what a stored UUID does.
@Suite struct SampleConflictPolicyTests {
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    static let source = SourceRow(bundleIdentifier: "com.example.cuff", name: "Cuff")

    static func row(_ type: String, value: Double? = nil, correlation: UUID? = nil, sync: (String, Int64)? = nil)
        -> SampleRow
    {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: 0, endDate: 60, value: value, source: source,
            revision: RevisionRow(version: "1"), syncIdentifier: sync?.0, syncVersion: sync?.1,
            correlationUUID: correlation)
    }

    static func importing(_ rows: [SampleRow]) -> ImportBatch {
        var batch = ImportBatch()
        batch.samples = rows
        return batch
    }

    @Test func anImportSkipsAStoredUUIDWhereASaveFails() throws {
        let storage = try SQLiteStorage()
        let stored = Self.row(Self.systolic, value: 120)
        _ = try storage.insert([stored])
        do {
            _ = try storage.insert([stored])
            Issue.record("saving a stored UUID did not fail")
        } catch StorageError.duplicateUUID(let uuid) {
            #expect(uuid == stored.uuid)
        }
        let result = try storage.importBatch(Self.importing([stored, Self.row(Self.systolic, value: 130)]))
        #expect(result.stored == [false, true])
        #expect(try storage.currentAnchor() == 2)
    }

    @Test func aCorrelationLeftOutByTheSyncRuleLeavesItsMembersOutOnImport() throws {
        let storage = try SQLiteStorage()
        let newer = Self.row(Self.bloodPressure, sync: ("reading", 2))
        _ = try storage.insert([newer, Self.row(Self.systolic, value: 120, correlation: newer.uuid)])
        let older = Self.row(Self.bloodPressure, sync: ("reading", 1))
        let result = try storage.importBatch(
            Self.importing([older, Self.row(Self.systolic, value: 110, correlation: older.uuid)]))
        #expect(result.stored == [false, false])
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.systolic])).map(\.value) == [120])
    }

    @Test func aCorrelationLeftOutByTheSyncRuleLeavesItsMembersOutOnSave() throws {
        let storage = try SQLiteStorage()
        let newer = Self.row(Self.bloodPressure, sync: ("reading", 2))
        _ = try storage.insert([newer, Self.row(Self.systolic, value: 120, correlation: newer.uuid)])
        let older = Self.row(Self.bloodPressure, sync: ("reading", 1))
        let change = try storage.insert([older, Self.row(Self.systolic, value: 110, correlation: older.uuid)])
        #expect(change.isEmpty)
        #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.systolic])).map(\.value) == [120])
    }
}
