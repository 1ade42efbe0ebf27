import ArgumentParser
import Foundation
import HealthDaemon
import Logging
import OpenHealthKitEngine
import OpenHealthKitStores

/// `healthd`: serves the user's health store to apps on this machine.
@main
struct Healthd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthd",
        abstract: "Serve the health store to apps over HTTP on this machine.",
        discussion: """
            On first start healthd creates the store, a credential key and the owner secret (files readable by you \
            only, next to the store) and prints the secret once. With --database the data lives in PostgreSQL \
            (healthd creates and upgrades its tables) and the two files stay next to --store; healthd then serves \
            every user of the database (hk users add NAME), who sign in with their name and secret (the user named \
            owner with the owner secret). healthd starts even while the database is down, answers 503 with Retry-After meanwhile, and recovers when it returns. Stop it \
            with SIGTERM or Ctrl-C: calls in flight complete first.
            """)

    @Option(help: "The address to listen on. Keep the loopback default unless you know why not.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8787

    @Option(
        help: ArgumentHelp(
            "The database file (default: $OPENHEALTHKIT_STORE, else $XDG_DATA_HOME/OpenHealthKit/health.sqlite).",
            valueName: "path"))
    var store: String?

    @Option(
        help: ArgumentHelp(
            "Keep the data in this PostgreSQL database instead of the file (default: $OPENHEALTHKIT_DATABASE). "
                + "Several servers of a replicated cluster as libpq writes them (host1:port1,host2:port2, "
                + "?target_session_attrs=read-write or primary): healthd writes to the one that takes writes and "
                + "follows a failover. The password comes from PGPASSWORD or --database-password-file, never from "
                + "the URL.",
            valueName: "postgresql://user@host:port[,host:port...]/db"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "A file (readable by you only) whose first line is the database's password.", valueName: "path"))
    var databasePasswordFile: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(
        help: ArgumentHelp(
            "The largest Health export the web app's Import page accepts: bytes, or with k, M, G (500M, 16G).",
            valueName: "size"))
    var maxUploadSize = "16G"

    /// Seconds a connection may stay silent (``DaemonConfiguration/idleTimeout``); for tests, which use short ones.
    @Option(help: .hidden)
    var idleTimeout: Double?

    /// Seconds a shutdown waits for calls in flight (``DaemonConfiguration/shutdownGracePeriod``); for tests.
    @Option(help: .hidden)
    var shutdownGracePeriod: Double?

    func validate() throws {
        for (name, value) in [("--idle-timeout", idleTimeout), ("--shutdown-grace-period", shutdownGracePeriod)] {
            if let value, !(value > 0 && value <= 86400) {
                throw ValidationError("\(name) must be a number of seconds above 0, at most 86400")
            }
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
        if let store, store.isEmpty { throw ValidationError("--store needs a file path") }
        if let database = databaseURL {
            do {
                _ = try PostgreSQLAddress(url: database, password: nil)
            } catch {
                throw ValidationError("--database: \(error)")
            }
        } else if databasePasswordFile != nil {
            throw ValidationError("--database-password-file needs --database")
        }
        guard DaemonConfiguration.byteCount(maxUploadSize) != nil else {
            throw ValidationError(
                "invalid --max-upload-size \(maxUploadSize): use bytes, or a number with k, M or G (500M, 16G)")
        }
    }

    /// `--database`, else `$OPENHEALTHKIT_DATABASE`; nil (or empty): the SQLite file.
    private var databaseURL: String? {
        (database ?? ProcessInfo.processInfo.environment["OPENHEALTHKIT_DATABASE"]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// healthd owns its process: SQLite's process-wide settings are its to choose, before anything opens the store.
    static func main() async {
        StoreProcess.applySettings()
        ParentWatch.startIfAsked()
        await main(nil)
    }

    func run() async throws {
        var logger = Logger(label: "healthd")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let password: String?
        do {
            password =
                databaseURL == nil
                ? nil
                : try PostgreSQLAddress.password(
                    file: databasePasswordFile, environment: ProcessInfo.processInfo.environment)
        } catch {
            FileHandle.standardError.write(Data("healthd: --database-password-file: \(error)\n".utf8))
            throw ExitCode(1)
        }
        do {
            try StatementLog.startIfAsked()
        } catch {
            FileHandle.standardError.write(Data("healthd: \(error)\n".utf8))
            throw ExitCode(1)
        }
        var configuration = DaemonConfiguration(
            host: host, port: port, storePath: store ?? DaemonConfiguration.defaultStorePath,
            maximumUploadSize: DaemonConfiguration.byteCount(maxUploadSize)
                ?? DaemonConfiguration.defaultMaximumUploadSize,
            database: databaseURL, databasePassword: password)
        if let idleTimeout { configuration.idleTimeout = idleTimeout }
        if let shutdownGracePeriod { configuration.shutdownGracePeriod = shutdownGracePeriod }
        let daemon: HealthDaemon
        do {
            daemon = try HealthDaemon(configuration: configuration, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("healthd: \(error)\n".utf8))
            throw ExitCode(1)
        }
        do {
            try await serve(daemon, host: host, configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data("healthd: cannot serve on \(host):\(port): \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func serve(_ daemon: HealthDaemon, host: String, configuration: DaemonConfiguration) async throws {
        try await daemon.run { port in
            let address = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
            let data = configuration.database == nil ? "" : " (data in \(configuration.storeDescription))"
            var message = "Health is at \(address)\(data)\n"
            if let secret = daemon.newOwnerSecret {
                message =
                    "Health is at \(address)\(data) — owner secret: \(secret)\n"
                    + "(shown once; it is kept in \(configuration.storePath).owner-secret, readable by you only)\n"
            }
            // Unbuffered, so that whoever started healthd sees the address at once.
            FileHandle.standardOutput.write(Data(message.utf8))
        }
    }
}
