public import Foundation

/// A throwaway PostgreSQL 15 server for tests and benchmarks: a cluster made by `initdb` in a new temporary folder,
/// listening on a free loopback port, signed into with a password (SCRAM), and removed when the process that started
/// it ends. No docker, no server of the machine's: Debian's `postgresql` binaries (`/usr/lib/postgresql/15/bin`, or
/// `OPENHEALTHKIT_POSTGRES_BIN`), which `.ci/run` installs.
///
/// PostgreSQL refuses to run as root, so when the tests run as root the cluster belongs to, and runs as, the
/// `postgres` user (`runuser`). A watchdog process (its own session, so a signal to the test's process group does
/// not reach it) stops the server and removes the folder once the test process is gone, however it ended. The tools
/// run through ``Command``, not Foundation's `Process` (see there why).
///
/// ```swift
/// let server = try await PostgreSQLServer.shared()      // one per test process
/// let url = try await server.createDatabase()           // one per test: postgresql://postgres@127.0.0.1:PORT/t_...
/// let current = try await server.createMigratedDatabase() // the same, already at the current schema
/// ```
public final class PostgreSQLServer: Sendable {
    /// The superuser's name.
    public let user = "postgres"
    /// The superuser's password (tests pass it as `PGPASSWORD`, a password file, or the library's location).
    public let password: String
    /// A file whose only line is ``password``, readable by its owner only (for `--database-password-file`).
    public let passwordFile: String
    /// The loopback port it listens on.
    public let port: Int
    /// The folder holding the cluster (`data`), its log and the password file.
    public let directory: URL
    private let binaries: URL
    private let runsAsPostgres: Bool
    /// The name of the database ``createMigratedDatabase()`` copies, once made.
    private let migratedTemplate = Protected<Result<String, any Error>?>(nil)

    private init(directory: URL, port: Int, password: String, binaries: URL, runsAsPostgres: Bool) {
        self.directory = directory
        self.port = port
        self.password = password
        self.binaries = binaries
        self.runsAsPostgres = runsAsPostgres
        passwordFile = directory.appendingPathComponent("password").path
    }

    private static let sharedServer = Protected<Result<PostgreSQLServer, any Error>?>(nil)

    /// The test process's server, started by the first caller.
    public static func shared() async throws -> PostgreSQLServer {
        try await blocking { try sharedNow() }
    }

    /// ``shared()`` for a caller that cannot wait asynchronously (a synchronous test helper): blocks its thread while
    /// the first caller starts the server (it waits for processes, never for Swift concurrency's threads).
    public static func sharedNow() throws -> PostgreSQLServer {
        try sharedServer.withLock { result in
            if let result { return try result.get() }
            let started = Result { try makeAndStart() }
            result = started
            return try started.get()
        }
    }

    /// A server of its own (a test that stops and restarts it): call ``remove()`` when done; the watchdog removes it
    /// otherwise when the process ends.
    public static func start() async throws -> PostgreSQLServer {
        try await blocking { try makeAndStart() }
    }

    /// `postgresql://postgres@127.0.0.1:PORT/DATABASE`: never with the password.
    public func url(_ database: String) -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates an empty database with a fresh name and returns its URL.
    public func createDatabase() async throws -> String {
        try await blocking { [self] in try createDatabaseNow() }
    }

    /// ``createDatabase()``, blocking the caller's thread.
    public func createDatabaseNow() throws -> String {
        try createDatabaseNow(copying: nil)
    }

    /// A database with a fresh name, a copy of `template` when one is named (else of PostgreSQL's empty one).
    private func createDatabaseNow(copying template: String?) throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try sqlNow("CREATE DATABASE \(name)" + (template.map { " TEMPLATE \($0)" } ?? ""), database: "postgres")
        return url(name)
    }

    /// Creates a database at the current schema, as OpenHealthKit leaves a new one on first use, and returns its URL:
    /// a copy of a template this server migrates once (the built `hk` opens it; see ``migratedTemplateNow()``).
    /// Creating the schema (its tables, indexes, functions and row-level security policies) was most of the
    /// PostgreSQL suites' time when each test migrated a database of its own (`OpenHealthKitTests` on PostgreSQL:
    /// 156 s, 56 s with copies); a copy is a copy of its files.
    public func createMigratedDatabase() async throws -> String {
        try await blocking { [self] in try createMigratedDatabaseNow() }
    }

    /// ``createMigratedDatabase()``, blocking the caller's thread.
    public func createMigratedDatabaseNow() throws -> String {
        try createDatabaseNow(copying: migratedTemplateNow())
    }

    /// The template of ``createMigratedDatabase()``, made by its first caller: a new database that `hk users list`
    /// opens (and so migrates) as the superuser, without the key its connection took (a copy must not hold a key
    /// for a backend id a later connection may be given), and closed to connections, which a copy's source must have
    /// none of.
    private func migratedTemplateNow() throws -> String {
        try migratedTemplate.withLock { result in
            if let result { return try result.get() }
            let made = Result<String, any Error> {
                let name = "ohk_migrated_template"
                _ = try sqlNow("CREATE DATABASE \(name)", database: "postgres")
                _ = try run(
                    BuiltExecutable.url("hk").path, ["users", "list", "--database", url(name)],
                    environment: ["PGPASSWORD": password], asPostgres: false)
                _ = try sqlNow("DELETE FROM openhealthkit_session_key", database: name)
                _ = try sqlNow("ALTER DATABASE \(name) WITH ALLOW_CONNECTIONS false", database: "postgres")
                return name
            }
            result = made
            return try made.get()
        }
    }

    /// Runs SQL with `psql` as the superuser and returns what it printed (unaligned, tuples only: one row a line,
    /// columns separated by `|`).
    @discardableResult
    public func sql(_ statement: String, database: String) async throws -> String {
        try await blocking { [self] in try sqlNow(statement, database: database) }
    }

    /// ``sql(_:database:)`` signed in as the login role `role` with `password` instead of the superuser.
    @discardableResult
    public func sql(_ statement: String, database: String, as role: String, password: String) async throws -> String {
        try await blocking { [self] in try sqlNow(statement, database: database, as: (role, password)) }
    }

    private func sqlNow(_ statement: String, database: String, as login: (role: String, password: String)? = nil)
        throws -> String
    {
        try run(
            binaries.appendingPathComponent("psql").path,
            [
                "-h", "127.0.0.1", "-p", "\(port)", "-U", login?.role ?? user, "-d", database, "-X", "-A", "-t", "-q",
                "-v", "ON_ERROR_STOP=1", "-c", statement,
            ], environment: ["PGPASSWORD": login?.password ?? password], asPostgres: false)
    }

    /// Kills the server as a crash would (`pg_ctl stop -m immediate`): no checkpoint, connections cut. The cluster
    /// stays; ``restart()`` starts it again, recovering from its WAL.
    public func kill() async throws {
        try await blocking { [self] in _ = try pgctl(["stop", "-m", "immediate"]) }
    }

    /// Starts the server again on the same folder and port, after ``kill()``; returns once it accepts connections.
    public func restart() async throws {
        try await blocking { [self] in try startServer() }
    }

    /// Stops the server and removes its folder.
    public func remove() async {
        try? await blocking { [self] in
            _ = try? pgctl(["stop", "-m", "immediate"])
            try? FileManager.default.removeItem(at: directory)
        }
    }

    // MARK: Making a cluster

    private static func makeAndStart() throws -> PostgreSQLServer {
        let binaries = try binaryFolder()
        let runsAsPostgres = getuid() == 0
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let password = UUID().uuidString
        let server = PostgreSQLServer(
            directory: directory, port: try FreePort.loopback(), password: password, binaries: binaries,
            runsAsPostgres: runsAsPostgres)
        guard
            FileManager.default.createFile(
                atPath: server.passwordFile, contents: Data((password + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
        else { throw PostgreSQLServerError("cannot write \(server.passwordFile)") }
        if runsAsPostgres {
            guard let account = getpwnam("postgres") else {
                throw PostgreSQLServerError("tests run as root and there is no postgres user to run PostgreSQL as")
            }
            for path in [directory.path, server.passwordFile] {
                guard chown(path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                    throw PostgreSQLServerError("cannot give \(path) to the postgres user")
                }
            }
        }
        server.watchOverCluster()
        _ = try server.run(
            binaries.appendingPathComponent("initdb").path,
            [
                "-D", server.dataPath, "-U", server.user, "--pwfile=\(server.passwordFile)",
                "--auth-host=scram-sha-256",
                "--auth-local=trust", "-E", "UTF8", "--no-locale", "--no-sync",
            ], environment: [:], asPostgres: true)
        try server.startServer()
        return server
    }

    private var dataPath: String { directory.appendingPathComponent("data").path }

    private func startServer() throws {
        // fsync off: a test kills the server process, never the machine, and the WAL a commit wrote is in the
        // kernel's cache either way.
        let options = [
            "-c listen_addresses=127.0.0.1", "-c port=\(port)", "-c unix_socket_directories=\(directory.path)",
            "-c max_connections=400", "-c fsync=off", "-c full_page_writes=off",
        ].joined(separator: " ")
        let log = directory.appendingPathComponent("log")
        do {
            _ = try pgctl(["start", "-w", "-t", "300", "-l", log.path, "-o", options])
        } catch let error as PostgreSQLServerError {
            // pg_ctl only says that the server stopped: why is in the server's log.
            let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(12) ?? []
            throw PostgreSQLServerError("\(error.description)\nserver log:\n" + lines.joined(separator: "\n"))
        }
    }

    private func pgctl(_ arguments: [String]) throws -> String {
        try run(
            binaries.appendingPathComponent("pg_ctl").path, ["-D", dataPath] + arguments, environment: [:],
            asPostgres: true)
    }

    /// A process of its own session that stops the server and removes the folder once this process is gone.
    private func watchOverCluster() {
        let stop = command(binaries.appendingPathComponent("pg_ctl").path, ["-D", dataPath, "stop", "-m", "immediate"])
        let script = """
            exec >/dev/null 2>&1
            while kill -0 \(getpid()); do sleep 1; done
            \(stop.map(Self.quoted).joined(separator: " "))
            rm -rf \(Self.quoted(directory.path))
            """
        // Started in the background: `setsid` forks, and its parent (which Command waits for) exits at once.
        _ = try? Command.run(["/usr/bin/setsid", "--fork", "/bin/bash", "-c", script], environment: [:])
    }

    /// The command line that runs `executable` (as the postgres user when the tests run as root).
    private func command(_ executable: String, _ arguments: [String]) -> [String] {
        runsAsPostgres
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments : [executable] + arguments
    }

    /// Runs a command to its end; its output, or an error with it when it fails.
    private func run(_ executable: String, _ arguments: [String], environment: [String: String], asPostgres: Bool)
        throws -> String
    {
        let line = asPostgres ? command(executable, arguments) : [executable] + arguments
        var variables = PinnedEnvironment.variables()
        for (name, value) in environment { variables[name] = value }
        let (status, output) = try Command.run(line, environment: variables)
        guard status == 0 else {
            throw PostgreSQLServerError("\((executable as NSString).lastPathComponent) failed: \(output)")
        }
        return output
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func binaryFolder() throws -> URL {
        var candidates = ["/usr/lib/postgresql/15/bin"]
        if let folder = ProcessInfo.processInfo.environment["OPENHEALTHKIT_POSTGRES_BIN"], !folder.isEmpty {
            candidates.insert(folder, at: 0)
        }
        guard
            let folder = candidates.first(where: {
                FileManager.default.isExecutableFile(atPath: ($0 as NSString).appendingPathComponent("initdb"))
            })
        else {
            throw PostgreSQLServerError(
                "no PostgreSQL 15 in /usr/lib/postgresql/15/bin: install Debian's postgresql (.ci/run does)")
        }
        return URL(fileURLWithPath: folder)
    }

    /// Runs blocking work (processes to their end) on a thread of its own, not one of Swift concurrency's.
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await blockingWork("OpenHealthKitTesting.PostgreSQLServer", work)
    }

    private func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await Self.blocking(work)
    }
}

/// The PostgreSQL server could not be made, started or used.
public struct PostgreSQLServerError: Error, CustomStringConvertible {
    /// What went wrong, with what the tool printed.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
