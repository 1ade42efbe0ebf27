import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitModel
@testable import OpenHealthKitPostgres
import OpenHealthKitTesting
import PostgresNIO
import Testing

/// Nothing crosses users on PostgreSQL. Two users hold data in every user table (the same export imported by each,
/// so they even share UUIDs, plus rows of their own); raw SQL under the daemon's role with user A set sees, changes
/// and deletes none of B's rows and may not insert one, and with no user set sees and changes nothing at all; and
/// through the storage, A's queries, anchors, statistics, export and change notifications never include B's data.
///
/// The user tables come from the catalog (every table with a `user_id` column), so a table added later is covered
/// without touching this suite; and every one must have row-level security forced. One kind of row is another user's
/// and yet reaches A: a share B made to A (`person_share`), which A may read and leave (``PersonShareStorageTests``);
/// ``rows(of:apartFrom:in:)`` sets those apart.
@Suite struct UserCrossingTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// A database with two users, each with data in every user table.
    struct TwoUsers {
        let address: PostgreSQLAddress
        let alice: PostgresStorage
        let bob: PostgresStorage
        /// A sample only Alice has, and one only Bob has.
        let alicesOwn: SampleRow
        let bobsOwn: SampleRow
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OpenHealthKitExchangeTests/Fixtures/Synthetic/everything")

    static func twoUsers() async throws -> TwoUsers {
        let address = try await TestStorage.newDatabase()
        let accounts = try PostgresAccounts(address: address)
        let database = PostgresDatabase.shared(address)
        var stores: [PostgresStorage] = []
        var own: [SampleRow] = []
        for (index, name) in ["alice", "bob"].enumerated() {
            let store = try PostgresStorage(database: database, user: try accounts.add(name: name).user.id)
            try fill(store, value: Double(1000 * (index + 1)))
            stores.append(store)
            own.append(try #require(store.fetch(RowQuery(typeIdentifiers: [steps], sort: [RowSort(.anchor)])).last))
        }
        // Each shares with the other: rows in `person_share`, of which the recipient sees one of the other's.
        for (store, other) in [(stores[0], "bob"), (stores[1], "alice")] {
            _ = try store.share(withUserNamed: other, categories: ["heart"], at: Date(timeIntervalSince1970: 0))
        }
        return TwoUsers(address: address, alice: stores[0], bob: stores[1], alicesOwn: own[0], bobsOwn: own[1])
    }

    /// Rows in every table: an export with every kind of record, daemon records, a medication, an attachment, a
    /// setting, an effort, a deletion, and last a step count of `value` of this user's own.
    static func fill(_ store: PostgresStorage, value: Double) throws {
        _ = try HealthExportImporter(engine: HealthEngine(storage: store)).import(from: fixture)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let app = "com.example.app"
        try store.saveRegisteredApp(
            RegisteredApp(
                manifest: AppManifest(bundleIdentifier: app), registeredAt: now, credentialID: UUID().uuidString,
                credentialIssuedAt: now, credentialExpiresAt: now.addingTimeInterval(3600)))
        try store.savePendingAuthorization(
            PendingAuthorizationRecord(id: UUID(), app: app, toShare: [steps], toRead: [steps], createdAt: now))
        try store.appendAuditEntry(
            AuditEntry(time: now, app: app, operation: "save", types: [steps], sampleCount: 1, errorCode: nil))
        try store.createWebSession(
            idHash: Array(UUID().uuidString.utf8), csrfToken: UUID().uuidString, at: now, idleLifetime: 3600)
        try store.saveImportJob(
            ImportJobRecord(
                id: UUID().uuidString, fileName: "export.zip", startedAt: now, updatedAt: now, state: "done",
                detail: "{}"))
        try store.setBackgroundDelivery(app: app, type: steps, frequency: .immediate)
        try store.setSettings(["units.\(steps)": "count"])
        _ = try store.saveMedication(
            UserAnnotatedMedicationRow(
                conceptCode: "c1", displayText: "Aspirin", generalForm: "tablet",
                relatedCodings: [ClinicalCodingRow(system: "rxnorm", version: nil, code: "1191")], nickname: nil,
                isArchived: false, hasSchedule: false))
        let source = SourceRow(bundleIdentifier: app, name: "App")
        let workout = SampleRow(
            uuid: UUID(), typeIdentifier: "HKWorkoutTypeIdentifier", startDate: 0, endDate: 600, value: 600,
            source: source, revision: RevisionRow(),
            workout: WorkoutRow(
                activityType: 37, totalEnergyBurned: nil, totalDistance: nil, totalFlightsClimbed: nil, events: "[]"))
        let effort = SampleRow(
            uuid: UUID(), typeIdentifier: "HKQuantityTypeIdentifierWorkoutEffortScore", startDate: 0, endDate: 600,
            value: 5, source: source, revision: RevisionRow())
        let gone = SampleRow(
            uuid: UUID(), typeIdentifier: steps, startDate: 0, endDate: 60, value: 1, source: source,
            revision: RevisionRow())
        let kinds = RecordsStorageTests.details.map { type, detail in
            SampleRow(
                uuid: UUID(), typeIdentifier: type, startDate: 0, endDate: 60, value: nil, source: source,
                revision: RevisionRow(), detail: detail)
        }
        let series = SampleDetailStorageTests.series(of: [
            QuantitySeriesValueRow(start: 0, end: 1, value: 60), QuantitySeriesValueRow(start: 1, end: 2, value: 62),
        ])
        let beats = SampleDetailStorageTests.sample(
            "HKDataTypeIdentifierHeartbeatSeries", end: 1,
            detail: .heartbeatSeries(
                HeartbeatSeriesRow(count: 1, beats: [HeartbeatSeriesBeatRow(timeSinceStart: 1, precededByGap: false)])))
        _ = try store.insert([workout, effort, gone, series, beats] + kinds)
        try store.associate([series.uuid], withWorkout: workout.uuid)
        _ = try store.relateEffort(effort.uuid, toWorkout: workout.uuid, activity: nil)
        _ = try store.unrelateEffort(effort.uuid, fromWorkout: workout.uuid, activity: nil)
        _ = try store.relateEffort(effort.uuid, toWorkout: workout.uuid, activity: nil)
        try store.addAttachment(
            AttachmentRow(
                identifier: UUID(), objectUUID: workout.uuid, name: "a.txt", contentType: "text/plain", size: 2,
                creationDate: 0, metadata: nil), data: Data("hi".utf8))
        _ = try store.delete(uuids: [gone.uuid])
        _ = try store.insert([
            SampleRow(
                uuid: UUID(), typeIdentifier: steps, startDate: 2_000_000_000, endDate: 2_000_000_060, value: value,
                source: source, revision: RevisionRow())
        ])
        // The steps' statistics aggregates, built on their first read.
        #expect(try aggregateSum(store, hourOf: 2_000_000_000, is: value))
    }

    /// Whether the merged sum of the user's steps in the hour holding `time`, read from the statistics aggregates,
    /// is `expected` (within 1e-9 relative: a cumulative sample's value is split over its buckets in proportion;
    /// nil: no row).
    static func aggregateSum(_ store: PostgresStorage, hourOf time: Double, is expected: Double?) throws -> Bool {
        let sum = try aggregateSum(store, hourOf: time)
        guard let sum, let expected else { return sum == nil && expected == nil }
        return abs(sum - expected) <= 1e-9 * abs(expected)
    }

    /// The merged sum of the user's steps in the hour holding `time`, read from the statistics aggregates.
    static func aggregateSum(_ store: PostgresStorage, hourOf time: Double) throws -> Double? {
        let hour = StatisticsAggregation.bucket(containing: time, .hour)
        var sum: Double?
        let served = try store.forEachStatisticsAggregate(
            AggregateQuery(
                typeIdentifier: steps, firstBucket: hour, endBucket: hour + 1, bySource: false, granularity: .hour),
            sources: { _, _ in }, { sum = $0.sum })
        return served ? sum : nil
    }

    /// The condition on `table`'s rows that are `owner`'s and do not reach `viewer`: all of the owner's, but a share
    /// made to the viewer.
    static func rows(of owner: Int64, apartFrom viewer: Int64, in table: String) -> String {
        table == "person_share" ? "user_id = \(owner) AND recipient_id <> \(viewer)" : "user_id = \(owner)"
    }

    /// The condition on `table`'s rows that reach `user`: their own, and the shares made to them.
    static func rows(reaching user: Int64, in table: String) -> String {
        table == "person_share" ? "(user_id = \(user) OR recipient_id = \(user))" : "user_id = \(user)"
    }

    /// Every table of the database with a `user_id` column, from the catalog.
    static func userTables(_ address: PostgreSQLAddress) async throws -> [String] {
        try await sql(
            """
            SELECT t.tablename FROM pg_tables t
            WHERE t.schemaname = 'public' AND EXISTS (
                SELECT 1 FROM information_schema.columns c
                WHERE c.table_schema = t.schemaname AND c.table_name = t.tablename AND c.column_name = 'user_id')
            ORDER BY 1
            """, address
        ).split(separator: "\n").map(String.init)
    }

    /// Runs `statement` as the superuser.
    static func sql(_ statement: String, _ address: PostgreSQLAddress) async throws -> String {
        try await PostgreSQLServer.shared().sql(statement, database: address.database)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `statement` in one transaction under the daemon's role, acting for `user` (none when nil), as a
    /// connection of the storage does (its key taken first, then the user bound with it); returns what the last
    /// statement printed.
    static func asDaemon(_ statement: String, user: Int64?, _ address: PostgreSQLAddress) async throws -> String {
        let bind = user.map { "SELECT openhealthkit_bind_user(\($0), openhealthkit_open_session());" } ?? ""
        return try await sql("SET ROLE openhealthkit_daemon; \(bind) \(statement)", address)
    }

    /// The user tables whose rows the daemon's role may update and delete: all but the audit log, which is
    /// append-only for it (``UserBindingTests``).
    static func changeableTables(_ address: PostgreSQLAddress) async throws -> [String] {
        try await userTables(address).filter { $0 != "audit_entry" }
    }

    /// `table|count` lines for each table, of `query(table)` (a count), in one statement.
    static func countsPerTable(_ tables: [String], _ query: (String) -> String) -> String {
        tables.map { "SELECT '\($0)', (\(query($0)))" }.joined(separator: " UNION ALL ")
    }

    /// The `table|count` lines of `text` (psql also prints what `set_config` returned).
    static func counts(_ text: String) -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: text.split(separator: "\n").filter { $0.contains("|") }.map { line in
                let parts = line.split(separator: "|")
                return (String(parts[0]), Int(parts[1]) ?? -1)
            })
    }

    @Test func everyUserTableHasRowLevelSecurityForcedWithTheUserPolicy() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.userTables(users.address)
        #expect(tables.count >= 30)
        let protected = try await Self.sql(
            """
            SELECT c.relname FROM pg_class c
            WHERE c.relnamespace = 'public'::regnamespace AND c.relrowsecurity AND c.relforcerowsecurity
              AND EXISTS (SELECT 1 FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'user_rows'
                          AND p.cmd = 'ALL' AND p.qual LIKE '%openhealthkit\\_user()%'
                          AND p.with_check LIKE '%openhealthkit\\_user()%')
            ORDER BY 1
            """, users.address
        ).split(separator: "\n").map(String.init)
        #expect(protected == tables)
    }

    @Test func bothUsersHaveRowsInEveryUserTable() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.userTables(users.address)
        for user in [users.alice.user, users.bob.user] {
            let counts = Self.counts(
                try await Self.sql(
                    Self.countsPerTable(tables) { "SELECT count(*) FROM \($0) WHERE user_id = \(user)" },
                    users.address))
            #expect(counts.filter { $0.value == 0 }.keys.sorted() == [], "user \(user) has no rows in these tables")
        }
    }

    @Test func underTheDaemonRoleWithAUserSetASelectSeesOnlyThatUsersRows() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.userTables(users.address)
        let alice = users.alice.user, bob = users.bob.user
        let seen = Self.counts(
            try await Self.asDaemon(
                Self.countsPerTable(tables) {
                    "SELECT count(*) FROM \($0) WHERE \(Self.rows(of: bob, apartFrom: alice, in: $0))"
                }, user: alice, users.address))
        #expect(seen.count == tables.count && seen.values.allSatisfy { $0 == 0 })
        let all = Self.counts(
            try await Self.asDaemon(
                Self.countsPerTable(tables) { "SELECT count(*) FROM \($0)" }, user: alice, users.address))
        let alices = Self.counts(
            try await Self.sql(
                Self.countsPerTable(tables) {
                    "SELECT count(*) FROM \($0) WHERE \(Self.rows(reaching: alice, in: $0))"
                },
                users.address))
        #expect(all == alices)
    }

    /// The storage's own connections, not a test's `SET ROLE`: each acts as the daemon's role for its user, so even a
    /// login role that could bypass row-level security (these tests sign in as a superuser) sees only that user's rows
    /// through them. Fails when the storage's connections skip taking the role.
    @Test func theStoragesOwnConnectionsActAsTheDaemonRoleAndSeeOnlyTheirUsersRows() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.userTables(users.address)
        let alice = users.alice.user
        let alices = Self.counts(
            try await Self.sql(
                Self.countsPerTable(tables) {
                    "SELECT count(*) FROM \($0) WHERE \(Self.rows(reaching: alice, in: $0))"
                },
                users.address))
        let (role, seen) = try users.alice.database.session(user: alice) { session in
            let role = try session.query("SELECT current_user::text").first?.decode(String.self)
            let seen = try session.query(Self.countsPerTable(tables) { "SELECT count(*) FROM \($0)" })
                .map { try $0.decode((String, Int).self) }
            return (role, Dictionary(uniqueKeysWithValues: seen))
        }
        #expect(role == "openhealthkit_daemon")
        #expect(seen == alices)
        #expect(seen.count == tables.count)
    }

    @Test func underTheDaemonRoleWithAUserSetAnUpdateOrDeleteOfAnotherUsersRowsChangesNone() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.changeableTables(users.address)
        let alice = users.alice.user, bob = users.bob.user
        let before = try await Self.sql(
            Self.countsPerTable(tables) { "SELECT count(*) FROM \($0) WHERE user_id = \(bob)" }, users.address)
        for verb in ["UPDATE", "DELETE"] {
            let changes = tables.enumerated().map { index, table in
                let change =
                    verb == "UPDATE"
                    ? "UPDATE \(table) SET user_id = \(alice) WHERE user_id = \(bob) RETURNING 1"
                    : "DELETE FROM \(table) WHERE \(Self.rows(of: bob, apartFrom: alice, in: table)) RETURNING 1"
                return "c\(index) AS (\(change))"
            }
            let statement =
                "WITH " + changes.joined(separator: ", ") + " "
                + tables.indices.map { "SELECT '\(tables[$0])', (SELECT count(*) FROM c\($0))" }
                .joined(separator: " UNION ALL ")
            let changed = Self.counts(try await Self.asDaemon(statement, user: alice, users.address))
            #expect(changed.count == tables.count && changed.values.allSatisfy { $0 == 0 }, "\(verb)")
        }
        let after = try await Self.sql(
            Self.countsPerTable(tables) { "SELECT count(*) FROM \($0) WHERE user_id = \(bob)" }, users.address)
        #expect(after == before)
    }

    @Test func underTheDaemonRoleWithAUserSetARowForAnotherUserCannotBeInserted() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.userTables(users.address)
        let alice = users.alice.user, bob = users.bob.user
        let before = try await Self.sql(
            Self.countsPerTable(tables) { "SELECT count(*) FROM \($0) WHERE user_id = \(bob)" }, users.address)
        for table in tables {
            // One of Alice's own rows, as Bob's (a fresh UUID where the table has one, so only the policy refuses).
            // Printed "refused" only when the policy refused it; an insert that went through fails the statement.
            let refused = try await Self.asDaemon(
                """
                DO $$ BEGIN
                    INSERT INTO \(table) SELECT (jsonb_populate_record(NULL::\(table), to_jsonb(r)
                        || jsonb_build_object('user_id', \(bob))
                        || CASE WHEN to_jsonb(r) ? 'uuid' THEN jsonb_build_object('uuid', gen_random_uuid())
                                ELSE '{}'::jsonb END)).*
                    FROM \(table) r LIMIT 1;
                    RAISE EXCEPTION 'inserted';
                EXCEPTION WHEN insufficient_privilege THEN
                    IF SQLERRM NOT LIKE '%row-level security%' THEN RAISE; END IF;
                END $$;
                SELECT 'refused';
                """, user: alice, users.address)
            #expect(refused.hasSuffix("refused"), "\(table)")
        }
        let after = try await Self.sql(
            Self.countsPerTable(tables) { "SELECT count(*) FROM \($0) WHERE user_id = \(bob)" }, users.address)
        #expect(after == before)
    }

    @Test func underTheDaemonRoleWithNoUserSetNothingIsSeenOrChanged() async throws {
        let users = try await Self.twoUsers()
        let tables = try await Self.changeableTables(users.address)
        let seen = Self.counts(
            try await Self.asDaemon(
                Self.countsPerTable(tables) { "SELECT count(*) FROM \($0)" }, user: nil, users.address))
        #expect(seen.count == tables.count && seen.values.allSatisfy { $0 == 0 })
        let before = try await Self.sql(Self.countsPerTable(tables) { "SELECT count(*) FROM \($0)" }, users.address)
        let deletes = tables.enumerated().map { "c\($0.offset) AS (DELETE FROM \($0.element) RETURNING 1)" }
        let deleted = Self.counts(
            try await Self.asDaemon(
                "WITH " + deletes.joined(separator: ", ") + " "
                    + tables.indices.map { "SELECT '\(tables[$0])', (SELECT count(*) FROM c\($0))" }
                    .joined(separator: " UNION ALL "), user: nil, users.address))
        #expect(deleted.values.allSatisfy { $0 == 0 })
        #expect(
            try await Self.sql(Self.countsPerTable(tables) { "SELECT count(*) FROM \($0)" }, users.address) == before)
    }

    @Test func aUsersQueriesAndStatisticsNeverIncludeAnotherUsersSamples() async throws {
        let users = try await Self.twoUsers()
        let everything = try users.alice.fetch(RowQuery(typeIdentifiers: []))
        #expect(everything.contains { $0.uuid == users.alicesOwn.uuid })
        #expect(!everything.contains { $0.uuid == users.bobsOwn.uuid })
        let aliceUUIDs = Set(everything.map(\.uuid))
        var seen: [UUID] = []
        try users.alice.forEach(RowQuery(typeIdentifiers: [])) { seen.append($0.uuid) }
        #expect(Set(seen) == aliceUUIDs)
        var values: [Double] = []
        try users.alice.forEachValue(
            RowQuery(typeIdentifiers: [Self.steps]), sources: { _ in }, { values.append($0.value) })
        #expect(values.contains(users.alicesOwn.value ?? -1) && !values.contains(users.bobsOwn.value ?? -1))
        #expect(
            try users.alice.fetch(RowQuery(typeIdentifiers: [Self.steps])).allSatisfy { $0.uuid != users.bobsOwn.uuid })
    }

    @Test func aUsersStatisticsAggregatesHoldOnlyTheirOwnSamples() async throws {
        let users = try await Self.twoUsers()
        // The same hour holds Alice's own step count (1000) and Bob's (2000), each in their own aggregates.
        #expect(try Self.aggregateSum(users.alice, hourOf: 2_000_000_000, is: 1000))
        #expect(try Self.aggregateSum(users.bob, hourOf: 2_000_000_000, is: 2000))
        _ = try users.bob.delete(uuids: [users.bobsOwn.uuid])
        #expect(try Self.aggregateSum(users.alice, hourOf: 2_000_000_000, is: 1000))
        #expect(try Self.aggregateSum(users.bob, hourOf: 2_000_000_000, is: nil))
    }

    @Test func aUsersAnchorsAndDeletionsAreTheirOwn() async throws {
        let users = try await Self.twoUsers()
        let aliceAnchor = try users.alice.currentAnchor()
        // Both imported the same export: the same UUIDs. Bob deleting one leaves Alice's.
        let shared = try #require(users.alice.fetch(RowQuery(typeIdentifiers: [Self.steps])).first)
        _ = try users.bob.delete(uuids: [shared.uuid])
        _ = try users.bob.insert([Self.row(7)])
        #expect(try users.alice.currentAnchor() == aliceAnchor)
        #expect(try users.alice.fetch(RowQuery(typeIdentifiers: [Self.steps])).contains { $0.uuid == shared.uuid })
        #expect(
            try users.alice.fetchDeleted(RowQuery(typeIdentifiers: [Self.steps])).allSatisfy { $0.uuid != shared.uuid })
    }

    @Test func aUsersExportNeverIncludesAnotherUsersData() async throws {
        let users = try await Self.twoUsers()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try HealthExporter(engine: HealthEngine(storage: users.alice)).export(
            ExportRequest(format: .csv, destination: folder, timeZone: TimeZone(identifier: "UTC")!))
        var text = ""
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            text += (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        }
        #expect(text.contains(users.alicesOwn.uuid.uuidString))
        #expect(!text.contains(users.bobsOwn.uuid.uuidString))
    }

    @Test func aUserHearsNoChangeNotificationForAnotherUsersCommit() async throws {
        let users = try await Self.twoUsers()
        #expect(try users.alice.startWatchingOtherCommits())
        defer { users.alice.stopWatchingOtherCommits() }
        _ = try users.alice.otherCommits()  // the first look after listening
        // A second storage of Alice's (another healthd) commits after Bob: Alice hears hers, and only hers.
        _ = try users.bob.insert([Self.row(8)])
        let aliceElsewhere = try PostgresStorage(address: users.address, user: users.alice.user)
        _ = try aliceElsewhere.insert([Self.row(9, type: "HKQuantityTypeIdentifierHeartRate")])
        let heard = try await Self.firstOtherCommits(users.alice)
        #expect(heard.typeIdentifiers == ["HKQuantityTypeIdentifierHeartRate"])
        #expect(heard.anchor == (try users.alice.currentAnchor()))
    }

    /// Waits until `store` reports other commits (once the notification arrived), then returns them.
    static func firstOtherCommits(_ store: PostgresStorage) async throws -> OtherCommits {
        var heard: OtherCommits?
        try await waitUntil("a change notification") {
            heard = try store.otherCommits()
            return heard.map { !$0.typeIdentifiers.isEmpty } ?? false
        }
        return try #require(heard)
    }

    static func row(_ value: Double, type: String = steps) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: 1_900_000_000 + value, endDate: 1_900_000_060 + value,
            value: value, source: SourceRow(bundleIdentifier: "com.example.other", name: "Other"),
            revision: RevisionRow())
    }
}
