public import Foundation

/// A throwaway highly available PostgreSQL for tests: pg_auto_failover's monitor, a primary and a secondary
/// (`pg_autoctl`, Debian's `pg-auto-failover-cli` and `postgresql-15-auto-failover`, which `.ci/run` installs), each
/// in a folder of one new temporary folder, on free loopback ports, signed into without a password (`--auth trust`,
/// `--no-ssl`: loopback only). The database is ``database``, its superuser ``user``.
///
/// Each node's `pg_autoctl run` (the keeper, which starts and watches its PostgreSQL) runs in a session of its own,
/// as the `postgres` user when the tests run as root (PostgreSQL refuses root), so that ``kill(_:)`` can stop a
/// node as a crash would: the keeper's whole process group and every process of its PostgreSQL, with SIGKILL. A
/// watchdog process (its own session) does the same for every node and removes the folder once the test process is
/// gone, however it ended; ``remove()`` does it at once.
///
/// The monitor's timeouts are shortened for a test (``start()`` says which): the defaults make a failover take
/// about 50 seconds; these about 20, still without a short budget anywhere a test waits.
public final class AutoFailoverFormation: Sendable {
    /// The database the nodes serve.
    public let database = "health"
    /// The superuser (trusted on loopback).
    public let user = "postgres"
    /// The folder holding every node's data, configuration and log.
    public let directory: URL
    /// The monitor's port.
    public let monitorPort: Int
    /// The data nodes' names (`node1` starts as the primary, `node2` as its secondary) and ports.
    public let nodes: [(name: String, port: Int)]
    private let runsAsPostgres: Bool
    private let binaries = "/usr/lib/postgresql/15/bin"

    private init(directory: URL, monitorPort: Int, nodes: [(name: String, port: Int)], runsAsPostgres: Bool) {
        self.directory = directory
        self.monitorPort = monitorPort
        self.nodes = nodes
        self.runsAsPostgres = runsAsPostgres
    }

    /// libpq's connection string for both nodes, as `pg_autoctl show uri` prints it with the user added:
    /// `postgresql://postgres@127.0.0.1:P1,127.0.0.1:P2/health?target_session_attrs=read-write`.
    public var url: String {
        let servers = nodes.map { "127.0.0.1:\($0.port)" }.joined(separator: ",")
        return "postgresql://\(user)@\(servers)/\(database)?target_session_attrs=read-write"
    }

    /// What the monitor is set to (`ALTER SYSTEM` on it): a node is considered unhealthy after 10 s without news
    /// (default 20 s), checked every 2 s (default 5 s), and a primary that cannot be reached is taken as demoted
    /// after 10 s (default 30 s: the time an old primary has to notice and stop writing; it is dead here).
    public static let monitorSettings = [
        "pgautofailover.node_considered_unhealthy_timeout": "10s",
        "pgautofailover.health_check_period": "2s",
        "pgautofailover.primary_demote_timeout": "10s",
    ]

    /// Makes the monitor and both nodes, starts them, and returns once `node2` is `node1`'s secondary (states read
    /// with `pg_autoctl show state`, waited for up to the safety timeout).
    public static func start() async throws -> AutoFailoverFormation {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pg_autoctl") else {
            throw PostgreSQLServerError(
                "no pg_autoctl: install Debian's pg-auto-failover-cli and postgresql-15-auto-failover (.ci/run does)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-paf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var ports: Set<Int> = []
        while ports.count < 3 { ports.insert(try FreePort.loopback()) }
        let chosen = Array(ports)
        let formation = AutoFailoverFormation(
            directory: directory, monitorPort: chosen[0], nodes: [("node1", chosen[1]), ("node2", chosen[2])],
            runsAsPostgres: getuid() == 0)
        if formation.runsAsPostgres {
            guard let account = getpwnam("postgres"),
                chown(directory.path, account.pointee.pw_uid, account.pointee.pw_gid) == 0
            else { throw PostgreSQLServerError("cannot give \(directory.path) to the postgres user") }
        }
        formation.watchOver()
        do {
            try await blocking { try formation.makeAndRun() }
            try await formation.waitForStates(["node1": "primary", "node2": "secondary"])
        } catch {
            // Why is in the keepers' logs, gone with the folder: the last lines of each go with the error.
            let logs = ["monitor", "node1", "node2"].map { name in
                let log =
                    (try? String(contentsOf: directory.appendingPathComponent(name + ".log"), encoding: .utf8)) ?? ""
                return "\(name)'s log:\n" + log.split(separator: "\n").suffix(10).joined(separator: "\n")
            }
            await formation.remove()
            throw PostgreSQLServerError("\(error)\n" + logs.joined(separator: "\n"))
        }
        return formation
    }

    /// Waits until each node named in `states` reports that state (`current_group_state`), up to the safety
    /// timeout.
    public func waitForStates(_ states: [String: String]) async throws {
        try await waitUntil("the nodes to reach \(states)") {
            let reported = try await blocking { [self] in try self.states() }
            if states.allSatisfy({ reported[$0.key] == $0.value }) { return true }
            try await Task.sleep(for: .milliseconds(250))
            return false
        }
    }

    /// Each node's state as the monitor reports it (`pg_autoctl show state --json`).
    public func states() throws -> [String: String] {
        let output = try autoctl(["show", "state", "--pgdata", path("monitor"), "--json"])
        guard let start = output.firstIndex(of: "["),
            let nodes = try JSONSerialization.jsonObject(with: Data(output[start...].utf8)) as? [[String: Any]]
        else { throw PostgreSQLServerError("pg_autoctl show state printed no JSON: \(output)") }
        var states: [String: String] = [:]
        for node in nodes {
            if let name = node["nodename"] as? String, let state = node["current_group_state"] as? String {
                states[name] = state
            }
        }
        return states
    }

    /// Runs SQL with `psql` on `node` as the superuser; what it printed (unaligned, tuples only).
    @discardableResult
    public func sql(_ statement: String, node: String, database: String? = nil) async throws -> String {
        let port = node == "monitor" ? monitorPort : nodes.first { $0.name == node }?.port ?? 0
        return try await blocking { [self] in try run(psql(statement, port: port, database: database ?? self.database))
        }
    }

    /// The `psql` command line that runs `statement` as the superuser (unaligned, tuples only).
    private func psql(_ statement: String, port: Int, database: String) -> [String] {
        [
            "\(binaries)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", user, "-d", database, "-X", "-A", "-t", "-q",
            "-v", "ON_ERROR_STOP=1", "-c", statement,
        ]
    }

    /// Kills `node` as a crash of its machine would: SIGKILL to its keeper's process group and to its PostgreSQL
    /// and every process of it (connections drop at once); returns once they are signalled.
    public func kill(_ node: String) async throws {
        _ = try await blocking { [self] in try run(["/bin/bash", "-c", Self.killScript(directory, [node])]) }
    }

    /// Kills every node and removes the folder.
    public func remove() async {
        _ = try? await blocking { [self] in
            try run(["/bin/bash", "-c", Self.killScript(directory, ["node1", "node2", "monitor"]) + "\n" + removal])
        }
    }

    // MARK: Making the formation

    private func makeAndRun() throws {
        _ = try autoctl([
            "create", "monitor", "--pgdata", path("monitor"), "--pgport", "\(monitorPort)", "--hostname", "127.0.0.1",
            "--auth", "trust", "--no-ssl",
        ])
        _ = try autoctl(["config", "set", "--pgdata", path("monitor"), "postgresql.listen_addresses", "127.0.0.1"])
        try keep("monitor")
        let monitor = "postgres://autoctl_node@127.0.0.1:\(monitorPort)/pg_auto_failover?sslmode=disable"
        for (index, node) in nodes.enumerated() {
            // `create` retries until the monitor (and, for the secondary, the primary) answers.
            _ = try autoctl([
                "create", "postgres", "--pgdata", path(node.name), "--pgport", "\(node.port)", "--hostname",
                "127.0.0.1", "--listen", "127.0.0.1", "--name", node.name, "--auth", "trust", "--no-ssl", "--dbname",
                database, "--monitor", monitor,
            ])
            try keep(node.name)
            if index == 0 {
                let settings = Self.monitorSettings.map { "ALTER SYSTEM SET \($0.key) = '\($0.value)'" }
                for statement in settings + ["SELECT pg_reload_conf()"] {
                    _ = try waitingRun(psql(statement, port: monitorPort, database: "pg_auto_failover"))
                }
            }
        }
    }

    /// Starts `pg_autoctl run` for `name` in a session of its own (its process group id in `NAME.pgid`), its output
    /// in `NAME.log`.
    private func keep(_ name: String) throws {
        let keeper = command(["/usr/bin/pg_autoctl", "run", "--pgdata", path(name)]).map(Self.quoted).joined(
            separator: " ")
        let script = """
            echo $$ > \(Self.quoted(path(name) + ".pgid"))
            exec \(keeper) >> \(Self.quoted(path(name) + ".log")) 2>&1 < /dev/null
            """
        _ = try run(["/usr/bin/setsid", "--fork", "/bin/bash", "-c", script])
    }

    /// Runs `arguments`, again every half second while the server is still starting, up to the safety timeout.
    private func waitingRun(_ arguments: [String]) throws -> String {
        let deadline = Date().addingTimeInterval(SafetyTimeout.duration / .seconds(1))
        while true {
            do {
                return try run(arguments)
            } catch {
                guard Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }

    private func autoctl(_ arguments: [String]) throws -> String {
        try run(command(["/usr/bin/pg_autoctl"] + arguments))
    }

    /// `arguments` as the postgres user (when the tests run as root), with pg_autoctl's configuration and state kept
    /// in the folder (`XDG_*`) and PostgreSQL 15's tools first on the path.
    private func command(_ arguments: [String]) -> [String] {
        let environment = [
            "HOME=\(directory.path)", "XDG_CONFIG_HOME=\(path("config"))", "XDG_DATA_HOME=\(path("share"))",
            "XDG_RUNTIME_DIR=\(path("run"))", "PATH=\(binaries):/usr/bin:/bin",
        ]
        let user = runsAsPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        return user + ["/usr/bin/env"] + environment + arguments
    }

    private func run(_ arguments: [String]) throws -> String {
        let (status, output) = try Command.run(arguments, environment: PinnedEnvironment.variables())
        guard status == 0 else {
            throw PostgreSQLServerError("\(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private var removal: String { "rm -rf \(Self.quoted(directory.path))" }

    /// A process of its own session that kills every node and removes the folder once this process is gone.
    private func watchOver() {
        let script = """
            exec >/dev/null 2>&1
            while kill -0 \(getpid()); do sleep 1; done
            \(Self.killScript(directory, ["node1", "node2", "monitor"]))
            \(removal)
            """
        _ = try? Command.run(["/usr/bin/setsid", "--fork", "/bin/bash", "-c", script], environment: [:])
    }

    /// Bash that SIGKILLs each node of `names`: the processes its PostgreSQL started (children of the postmaster
    /// named in `postmaster.pid`, if that process still runs on this folder), then its keeper's process group (which
    /// holds the postmaster), then those children again in case they outlived it.
    private static func killScript(_ directory: URL, _ names: [String]) -> String {
        names.map { name in
            let data = quoted(directory.appendingPathComponent(name).path)
            let group = quoted(directory.appendingPathComponent(name + ".pgid").path)
            return """
                children=""
                postmaster=$(head -n 1 \(data)/postmaster.pid 2>/dev/null)
                if [ -n "$postmaster" ] && grep -qF -- \(data) /proc/$postmaster/cmdline 2>/dev/null; then
                    for status in /proc/[0-9]*/status; do
                        parent=$(awk '/^PPid:/ { print $2 }' "$status" 2>/dev/null)
                        if [ "$parent" = "$postmaster" ]; then children="$children $(basename $(dirname $status))"; fi
                    done
                    kill -9 $postmaster $children 2>/dev/null
                fi
                if [ -s \(group) ]; then kill -9 -- -$(cat \(group)) 2>/dev/null; rm -f \(group); fi
                [ -n "$children" ] && kill -9 $children 2>/dev/null
                true
                """
        }.joined(separator: "\n")
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs blocking work (processes to their end) on a thread of its own, not one of Swift concurrency's.
    private static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await blockingWork("OpenHealthKitTesting.AutoFailoverFormation", work)
    }

    private func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await Self.blocking(work)
    }
}
