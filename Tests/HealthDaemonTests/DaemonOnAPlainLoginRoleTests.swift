import Foundation
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import Testing

/// healthd on the setup docs/SECURITY.md recommends: a login role that is neither superuser nor `CREATEROLE`, owning
/// its database. Before the administrator's `hk database init` it refuses to start, naming what the role lacks and
/// the step; after it, it serves. Each test has a server of its own (no `openhealthkit_daemon` in its cluster yet).
@Suite struct DaemonOnAPlainLoginRoleTests {
    @Test func beforeDatabaseInitHealthdExitsNamingWhatTheRoleLacksAndTheCommandToRun() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let passwordFile = directory.appendingPathComponent("password").path
        FileManager.default.createFile(
            atPath: passwordFile, contents: Data((database.password + "\n").utf8),
            attributes: [.posixPermissions: 0o600])
        let (status, output) = try await DaemonOnPostgreSQLTests.run([
            "--store", Healthd.storePath(in: directory), "--database", database.url(as: database.name),
            "--database-password-file", passwordFile,
        ])
        #expect(status == 1)
        #expect(output.contains("\"health\" is not a member of the role openhealthkit_daemon"), "\(output)")
        #expect(output.contains("hk database init --database"))
    }

    @Test func afterDatabaseInitBySuperuserHealthdServesOnThePlainLoginRole() async throws {
        let database = try await PlainRoleDatabase.make()
        defer { Task { await database.remove() } }
        try DaemonRoleSetup.run(
            on: try PostgreSQLAddress(url: database.administratorURL, password: database.server.password),
            members: [])
        let daemon = try await Healthd.launch(
            arguments: ["--database", database.url(as: database.name)], environment: ["PGPASSWORD": database.password])
        #expect(try await daemon.owner("GET", "/v1/owner/apps").status == 200)
        #expect(try await daemon.owner("GET", "/v1/owner/audit").status == 200)
        await daemon.stop()
    }
}
