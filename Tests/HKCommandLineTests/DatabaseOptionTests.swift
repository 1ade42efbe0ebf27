import Foundation
import Testing
import OpenHealthKitTesting

/// `hk --database postgresql://...`: the same commands on a PostgreSQL database, its password from `PGPASSWORD` or
/// a file, never from the command line.
@Suite struct DatabaseOptionTests {
    @Test func samplesAddedOnPostgreSQLAreListedFromIt() async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let environment: [String: String?] = ["PGPASSWORD": server.password, "OPENHEALTHKIT_STORE": nil]
        let added = try await HKProcess.run(
            ["samples", "add", "stepCount", "5", "count", "--database", url], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try await HKProcess.run(
            ["samples", "stepCount", "--database", url, "--format", "csv"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").count == 2)
        #expect(try await server.sql("SELECT count(*) FROM sample", database: Self.name(url)) == "1\n")
    }

    @Test func thePasswordCanComeFromAFileReadableByItsOwnerOnly() async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let store = try TemporaryStore()
        let file = store.folder.appendingPathComponent("password").path
        #expect(
            FileManager.default.createFile(
                atPath: file, contents: Data((server.password + "\n").utf8), attributes: [.posixPermissions: 0o600]))
        let environment: [String: String?] = ["PGPASSWORD": nil, "OPENHEALTHKIT_DATABASE": url]
        let added = try await HKProcess.run(
            ["samples", "add", "stepCount", "7", "count", "--database-password-file", file], environment: environment)
        #expect(added.status == 0, "\(added.stderr)")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let refused = try await HKProcess.run(
            ["samples", "stepCount", "--database-password-file", file], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("readable by others"))
    }

    @Test func aPasswordInTheURLIsRefusedWithoutEchoingIt() async throws {
        let result = try await HKProcess.run(
            ["samples", "stepCount", "--database", "postgresql://ann:hunter2@127.0.0.1:5432/health"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("must not carry a password"))
        #expect(!result.stderr.contains("hunter2"))
    }

    @Test func anUnreachableDatabaseIsAFailureThatNamesIt() async throws {
        let port = try await Self.closedPort()
        let result = try await HKProcess.run(
            ["samples", "stepCount", "--database", "postgresql://ann@127.0.0.1:\(port)/health"],
            environment: ["PGPASSWORD": "secret"])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("hk: cannot open the store at postgresql://ann@127.0.0.1:\(port)/health"))
        #expect(!result.stderr.contains("secret"))
    }

    @Test func aListOfServersIsTriedInOrderAndTheFirstTakingWritesIsUsed() async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let port = try await Self.closedPort()
        let servers = url.replacingOccurrences(of: "@127.0.0.1:", with: "@127.0.0.1:\(port),127.0.0.1:")
        let environment: [String: String?] = ["PGPASSWORD": server.password, "OPENHEALTHKIT_STORE": nil]
        let added = try await HKProcess.run(
            ["samples", "add", "stepCount", "5", "count", "--database", servers + "?target_session_attrs=read-write"],
            environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await server.sql("SELECT count(*) FROM sample", database: Self.name(url)) == "1\n")
    }

    @Test func aServerListWithABadPartIsRefusedNamingIt() async throws {
        let result = try await HKProcess.run(
            ["samples", "stepCount", "--database", "postgresql://ann@a:5432,b:0/health?target_session_attrs=primary"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("the database URL's port must be between 1 and 65535"))
        let standby = try await HKProcess.run(
            ["samples", "stepCount", "--database", "postgresql://ann@a,b/health?target_session_attrs=standby"])
        #expect(standby.status == 2)
        #expect(standby.stderr.contains("target_session_attrs must be read-write or primary"))
    }

    /// A loopback port nothing listens on: a server's, stopped.
    static func closedPort() async throws -> Int {
        let server = try await PostgreSQLServer.start()
        await server.remove()
        return server.port
    }

    static func name(_ url: String) -> String { String(url.split(separator: "/").last ?? "") }
}
