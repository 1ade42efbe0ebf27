import Foundation
import Testing
import OpenHealthKitEngine

/// Saves and imports insert samples through one writer; they differ only in what a stored UUID does.
@Suite struct SampleConflictPolicyTests {
    static let systolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    static let bloodPressure = "HKCorrelationTypeIdentifierBloodPressure"
    static let workout = "HKWorkoutTypeIdentifier"
    static let route = "HKWorkoutRouteTypeIdentifier"
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

    @Test(arguments: TestStorage.allCases)
    func anImportSkipsAStoredUUIDWhereASaveFails(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let stored = Self.row(Self.systolic, value: 120)
        _ = try await storage.insert([stored])
        do {
            _ = try await storage.insert([stored])
            Issue.record("saving a stored UUID did not fail")
        } catch StorageError.duplicateUUID(let uuid) {
            #expect(uuid == stored.uuid)
        }
        let result = try storage.importBatch(Self.importing([stored, Self.row(Self.systolic, value: 130)]))
        #expect(result.stored == [false, true])
        await #expect(try storage.currentAnchor() == 2)
    }

    @Test(arguments: TestStorage.allCases)
    func aCorrelationLeftOutByTheSyncRuleLeavesItsMembersOutOnImport(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let newer = Self.row(Self.bloodPressure, sync: ("reading", 2))
        _ = try await storage.insert([newer, Self.row(Self.systolic, value: 120, correlation: newer.uuid)])
        let older = Self.row(Self.bloodPressure, sync: ("reading", 1))
        let result = try storage.importBatch(
            Self.importing([older, Self.row(Self.systolic, value: 110, correlation: older.uuid)]))
        #expect(result.stored == [false, false])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.systolic])).map(\.value) == [120])
    }

    @Test(arguments: TestStorage.allCases)
    func aCorrelationLeftOutByTheSyncRuleLeavesItsMembersOutOnSave(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let newer = Self.row(Self.bloodPressure, sync: ("reading", 2))
        _ = try await storage.insert([newer, Self.row(Self.systolic, value: 120, correlation: newer.uuid)])
        let older = Self.row(Self.bloodPressure, sync: ("reading", 1))
        let change = try await storage.insert([older, Self.row(Self.systolic, value: 110, correlation: older.uuid)])
        #expect(change.isEmpty)
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.systolic])).map(\.value) == [120])
    }

    @Test(arguments: TestStorage.allCases)
    func aNewerCorrelationReplacesTheStoredOneWithItsMembers(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let older = Self.row(Self.bloodPressure, sync: ("reading", 1))
        let olderMember = Self.row(Self.systolic, value: 110, correlation: older.uuid)
        _ = try await storage.insert([older, olderMember])
        let newer = Self.row(Self.bloodPressure, sync: ("reading", 2))
        let change = try await storage.insert([newer, Self.row(Self.systolic, value: 120, correlation: newer.uuid)])
        #expect(change.typeIdentifiers == [Self.bloodPressure, Self.systolic])
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.systolic])).map(\.value) == [120])
        let tombstones = try await storage.fetchDeleted(RowQuery(typeIdentifiers: []))
        // The member goes first, then its correlation.
        #expect(tombstones.map(\.uuid) == [olderMember.uuid, older.uuid])
        #expect(tombstones.map(\.anchor) == [3, 4])
    }

    @Test(arguments: TestStorage.allCases)
    func aCorrelationReplacedLaterInTheSameBatchLeavesTombstonesForItAndItsMembers(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let older = Self.row(Self.bloodPressure, sync: ("reading", 1))
        let olderMember = Self.row(Self.systolic, value: 110, correlation: older.uuid)
        let newer = Self.row(Self.bloodPressure, sync: ("reading", 2))
        let newerMember = Self.row(Self.systolic, value: 120, correlation: newer.uuid)
        let change = try await storage.insert([older, olderMember, newer, newerMember])
        #expect(change.anchor == 6)
        await #expect(try storage.fetch(RowQuery(typeIdentifiers: [Self.systolic])).map(\.value) == [120])
        let members = try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(newer.uuid)))
        #expect(members.map(\.uuid) == [newerMember.uuid])
        // Each row took an anchor as it came; the member's tombstone comes before its correlation's.
        let tombstones = try await storage.fetchDeleted(RowQuery(typeIdentifiers: []))
        #expect(tombstones.map(\.uuid) == [olderMember.uuid, older.uuid])
        #expect(tombstones.map(\.anchor) == [3, 4])
    }

    /// A workout's routes are its members: a workout replaced later in the same save takes its route with it.
    @Test(arguments: TestStorage.allCases)
    func aWorkoutReplacedLaterInTheSameBatchTakesItsRouteWithIt(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let older = Self.row(Self.workout, sync: ("ride", 1))
        let route = Self.row(Self.route, correlation: older.uuid)
        let newer = Self.row(Self.workout, sync: ("ride", 2))
        _ = try await storage.insert([older, route, newer])
        await #expect(
            try storage.fetch(RowQuery(typeIdentifiers: [Self.workout, Self.route])).map(\.uuid) == [newer.uuid])
        let tombstones = try await storage.fetchDeleted(RowQuery(typeIdentifiers: []))
        #expect(tombstones.map(\.uuid) == [route.uuid, older.uuid])
    }

    /// A workout an import lists again (its sync version unchanged) is left out, but a route first listed with it
    /// joins the stored workout: a later export adds the route.
    @Test(arguments: TestStorage.allCases)
    func aRouteNewlyListedWithAStoredWorkoutIsStoredUnderIt(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let workout = Self.row(Self.workout, sync: ("ride", 1))
        _ = try storage.importBatch(Self.importing([workout]))
        let route = Self.row(Self.route, correlation: workout.uuid)
        let result = try storage.importBatch(Self.importing([workout, route]))
        #expect(result.stored == [false, true])
        let members = try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(workout.uuid)))
        #expect(members.map(\.uuid) == [route.uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func anImportedMemberStoredOnItsOwnJoinsItsCorrelation(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let member = Self.row(Self.systolic, value: 120)
        _ = try storage.importBatch(Self.importing([member]))
        let correlation = Self.row(Self.bloodPressure)
        var listed = member
        listed.correlationUUID = correlation.uuid
        let result = try storage.importBatch(Self.importing([correlation, listed]))
        #expect(result.stored == [true, false])
        let members = try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(correlation.uuid)))
        #expect(members.map(\.uuid) == [member.uuid])
    }

    /// An export lists a blood-pressure value at top level and again inside its correlation: in one batch, the
    /// value is stored once, as a member, whichever of the two an import inserts first (it orders them by UUID).
    @Test(arguments: TestStorage.allCases, [false, true])
    func aMemberListedTwiceInOneImportIsStoredOnceInItsCorrelation(_ kind: TestStorage, memberFirst: Bool) async throws
    {
        let storage = try await kind.make()
        let low = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        let high = UUID(uuidString: "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")!
        var member = Self.row(Self.systolic, value: 120)
        member.uuid = memberFirst ? low : high
        var correlation = Self.row(Self.bloodPressure)
        correlation.uuid = memberFirst ? high : low
        var listed = member
        listed.correlationUUID = correlation.uuid
        let result = try storage.importBatch(Self.importing([member, correlation, listed]))
        #expect(result.stored == [true, true, false])
        let members = try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(correlation.uuid)))
        #expect(members.map(\.uuid) == [member.uuid])
    }

    @Test(arguments: TestStorage.allCases)
    func aMemberOfACorrelationNotStoredIsRefused(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let orphan = Self.row(Self.systolic, value: 120, correlation: UUID())
        await #expect(throws: StorageError.self) { try await storage.insert([orphan]) }
        await #expect(try storage.currentAnchor() == 0)
    }
}
