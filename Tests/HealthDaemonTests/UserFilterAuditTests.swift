import Foundation
import HealthDaemon
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// The rule ``UserFilterAudit`` holds every recorded statement to, on statements written to pass and to fail it.
@Suite struct UserFilterAuditTests {
    static let tables: Set<String> = ["sample", "source"]

    @Test func aReadFilteringItsOneUserTableByUserIDPasses() {
        #expect(
            UserFilterAudit.filtersEachUserTable(
                "SELECT id FROM sample WHERE user_id = $1 AND type_id = $2", userTables: Self.tables))
    }

    @Test func aShareReadByItsRecipientIsFilteredByTheRecipient() {
        let tables = Self.tables.union(["person_share"])
        #expect(
            UserFilterAudit.filtersEachUserTable(
                "SELECT categories FROM person_share WHERE recipient_id = $1", userTables: tables))
        #expect(!UserFilterAudit.filtersEachUserTable("SELECT categories FROM person_share", userTables: tables))
    }

    @Test func aReadOfAUserTableWithoutAUserFilterFails() {
        #expect(
            !UserFilterAudit.filtersEachUserTable("SELECT id FROM sample WHERE type_id = $1", userTables: Self.tables))
    }

    @Test func aJoinFilteringOnlyOneSideFails() {
        #expect(
            !UserFilterAudit.filtersEachUserTable(
                "SELECT s.id FROM sample s JOIN source so ON so.id = s.source_id WHERE s.user_id = $1",
                userTables: Self.tables))
    }

    @Test func aJoinFilteringBothSidesPasses() {
        #expect(
            UserFilterAudit.filtersEachUserTable(
                "SELECT s.id FROM sample s JOIN source so ON so.user_id = s.user_id AND so.id = s.source_id "
                    + "WHERE s.user_id = $1", userTables: Self.tables))
    }

    @Test func anInsertNamingTheUserColumnPasses() {
        #expect(
            UserFilterAudit.filtersEachUserTable(
                "INSERT INTO sample (user_id, uuid) SELECT $1, u FROM unnest($2::uuid[]) AS u", userTables: Self.tables)
        )
    }

    @Test func selectingTheUserColumnIsNoFilter() {
        #expect(
            !UserFilterAudit.filtersEachUserTable("SELECT user_id FROM sample WHERE uuid = $1", userTables: Self.tables)
        )
    }

    @Test func anInsertWithoutTheUserColumnFails() {
        #expect(
            !UserFilterAudit.filtersEachUserTable(
                "INSERT INTO sample (uuid, type_id) VALUES ($1, $2) ON CONFLICT (user_id, uuid) DO NOTHING",
                userTables: Self.tables))
    }

    @Test func anUpdateWithoutAUserFilterFails() {
        #expect(
            !UserFilterAudit.filtersEachUserTable("UPDATE source SET name = $1 WHERE id = $2", userTables: Self.tables))
    }

    @Test func aStatementOnTheCatalogOnlyNeedsNoFilter() {
        #expect(
            UserFilterAudit.filtersEachUserTable("SELECT id FROM object_type WHERE name = $1", userTables: Self.tables))
    }

    @Test func healthdOnPostgreSQLWritesTheStatementsItSendsForTheAudit() async throws {
        let daemon = try await DaemonHarness.launch(database: try await .make())
        defer { try? FileManager.default.removeItem(at: daemon.directory) }
        let credential = try await daemon.register(Apps.app())
        try await daemon.allowHeartRate("com.example.app")
        let saved = try await daemon.app(
            credential, "POST", "/v1/samples", json: WireSaveRequest(objects: [AppClient.beat(70)]))
        #expect(saved.status == 200)
        try await daemon.shutDown()
        let sent = try StatementLog.statements(in: daemon.directory.appendingPathComponent(DaemonHarness.statementLog))
        #expect(sent.contains { $0.contains("INSERT INTO sample ") })
        #expect(sent.contains { $0.contains("registered_app") })
        let permissions = try FileManager.default.attributesOfItem(
            atPath: daemon.directory.appendingPathComponent(DaemonHarness.statementLog).path)[.posixPermissions]
        #expect(permissions as? Int == 0o600)
    }

    @Test func theAuditRecordsTheStatementsOfAWorldOnPostgreSQL() async throws {
        try await withWorld(.embeddedPostgreSQL) { world in
            let store = try await world.authorizedStore(for: [WorkoutFixture.heartRate])
            try await store.save(WorkoutFixture.beat(61, at: 0))
        }
        let inserts = await UserFilterAudit.shared.recorded().filter { $0.contains("INSERT INTO sample ") }
        #expect(!inserts.isEmpty)
        #expect(inserts.allSatisfy { UserFilterAudit.filtersEachUserTable($0, userTables: ["sample"]) })
    }
}
