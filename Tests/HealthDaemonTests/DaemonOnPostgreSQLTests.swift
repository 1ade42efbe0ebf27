import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import OpenHealthKitWire

/// `healthd --database postgresql://...`: the data in PostgreSQL, the password never on the command line, the schema
/// brought up to date on start.
@Suite struct DaemonOnPostgreSQLTests {
    @Test func healthdUpgradesAnOlderSchemaOnStartAndKeepsItsData() async throws {
        let database = try await TestDatabase.make()
        let address = try PostgreSQLAddress(url: database.url, password: database.password)
        let old = SampleRow(
            uuid: UUID(), typeIdentifier: HKQuantityType(.heartRate).identifier, startDate: 1_700_000_000,
            endDate: 1_700_000_000, value: 1.1, source: SourceRow(bundleIdentifier: "com.example.old", name: "Old"),
            revision: RevisionRow())
        do {
            let older = try PostgresStorage(
                address: address, connections: 1, connectNow: true, migrateUpTo: "v1: samples, tombstones, settings")
            _ = try older.insert([old])
        }
        let daemon = try await DaemonHarness.launch(database: database)
        #expect(daemon.banner.contains("(data in postgresql://postgres@127.0.0.1:"))
        // The tables of v2 to v4: registered apps, pending permission requests.
        let credential = try await daemon.register(Apps.app())
        let asked = try await daemon.app(
            credential, "POST", "/v1/authorization/request?wait=0",
            json: try WireAuthorizationRequest.names(["heartRate"], ["heartRate"]))
        #expect(asked.status == 202)
        // `wait=0` answers before the request reaches the owner's list (the engine reads the grants first).
        var pending: [WirePendingRequest] = []
        try await waitUntil("the request to be pending") {
            pending = try await daemon.owner("GET", "/v1/owner/authorization/pending").decode(
                WirePendingRequests.self
            ).requests
            return !pending.isEmpty
        }
        let request = try #require(pending.first)
        let answered = try await daemon.owner(
            "POST", "/v1/owner/authorization/\(request.id.uuidString)/answer",
            json: WireAuthorizationAnswer(allowedToShare: [], allowedToRead: request.toRead))
        #expect(answered.status == 200)
        let samples = try await daemon.app(credential, "POST", "/v1/queries/samples", json: ["type": "heartRate"])
        #expect(try samples.decode(WireSamplesResponse.self).samples.map(\.uuid) == [old.uuid])
        let server = try await PostgreSQLServer.shared()
        #expect(
            try await server.sql("SELECT count(*) FROM schema_migration", database: database.name)
                .trimmingCharacters(in: .whitespacesAndNewlines) == "\(SchemaMigration.allCases.count)")
        try await daemon.stop()
    }

    @Test func aPasswordInTheDatabaseURLIsRefusedWithoutEchoingIt() async throws {
        let (status, output) = try await Self.run(["--database", "postgresql://ann:hunter2@127.0.0.1:5432/health"])
        #expect(status != 0)
        #expect(output.contains("must not carry a password"))
        #expect(!output.contains("hunter2"))
    }

    @Test func aServerListAskingForAStandbyIsRefusedAtStartNamingTheOption() async throws {
        let (status, output) = try await Self.run([
            "--database", "postgresql://ann@10.0.0.1:5432,10.0.0.2:5432/health?target_session_attrs=prefer-standby",
        ])
        #expect(status != 0)
        #expect(output.contains("target_session_attrs must be read-write or primary"))
    }

    @Test func aPasswordFileReadableByOthersIsRefused() async throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("password").path
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data("secret\n".utf8), attributes: [.posixPermissions: 0o644]))
        let (status, output) = try await Self.run([
            "--store", Healthd.storePath(in: directory), "--database", "postgresql://ann@127.0.0.1:5432/health",
            "--database-password-file", file,
        ])
        #expect(status == 1)
        #expect(output.contains("readable by others"))
        #expect(!output.contains("secret"))
    }

    /// Runs healthd to its end (it refuses to start); its status and what it printed.
    static func run(_ arguments: [String]) async throws -> (Int32, String) {
        let output = Pipe()
        let process = try ChildProcess(
            Healthd.executable, ["--port", "0"] + arguments,
            environment: PinnedEnvironment.variables(["PGPASSWORD": nil]),
            output: output, errors: output)
        let text = String(decoding: PipeRead.toEnd(output.fileHandleForReading.fileDescriptor), as: UTF8.self)
        return (await process.ended().status, text)
    }
}
