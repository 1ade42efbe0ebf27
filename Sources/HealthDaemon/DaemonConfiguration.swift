public import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitStores

/// How healthd runs: where it listens, which store it serves, and its limits.
public struct DaemonConfiguration: Sendable {
    /// The address to listen on: loopback by default, so that only this machine can reach the store.
    public var host: String
    /// The port; 0 picks a free one (tests).
    public var port: Int
    /// The database file (SQLite). The owner secret and the credential key live next to it, and still do when the
    /// data lives in PostgreSQL (``database``): then nothing else is at this path.
    public var storePath: String
    /// A PostgreSQL database to keep the data in instead of the file: `postgresql://USER@HOST:PORT/DB`, never with
    /// a password (``databasePassword``).
    public var database: String?
    /// The password for ``database`` (from `PGPASSWORD` or a password file, never the command line).
    public var databasePassword: String?
    /// The largest request body of the API accepted; larger ones get 413.
    public var maximumBodySize: Int
    /// The largest Health export the web app's Import page accepts (an upload is streamed to disk, never held in
    /// memory); larger ones get 413.
    public var maximumUploadSize: Int64
    /// How long a credential is valid unless the registration says otherwise.
    public var defaultCredentialLifetime: TimeInterval
    /// The longest `credentialLifetime` a registration may ask for: 10 years. A credential is a bearer secret; the
    /// owner renews it by registering again, and its expiry must stay a date JWT readers and healthd represent.
    public static let maximumCredentialLifetime: TimeInterval = 10 * 365 * 24 * 3600
    /// How long `POST /v1/authorization/request` waits for the owner before answering `pending` (at most).
    public var maximumAuthorizationWait: TimeInterval
    /// How often an idle change stream sends a comment, so that dead connections are noticed.
    public var heartbeatInterval: TimeInterval
    /// How long (seconds) a connection may stay silent before healthd closes it: idle between requests, or stalled
    /// while sending a request's head or body. A call being answered (a change stream included) is not idle.
    public var idleTimeout: TimeInterval = 60
    /// The most connections open at once; past it, new ones wait to be accepted until one closes.
    public var maximumConnections = 1000
    /// The most change streams one app may have open at once (per user); one more is refused with 429.
    public var maximumChangeStreamsPerApp = 16
    /// How long (seconds) a graceful shutdown waits for the calls in flight before cancelling them, and then for
    /// them to end before healthd stops anyway.
    public var shutdownGracePeriod: TimeInterval = 10

    /// A configuration; the defaults listen on `127.0.0.1:8787`, accept 16 MiB request bodies, issue credentials for a
    /// year, wait up to 2 minutes for the owner, send a heartbeat every 15 seconds and keep the data in the SQLite file
    /// at `storePath`.
    public init(
        host: String = "127.0.0.1", port: Int = 8787, storePath: String = DaemonConfiguration.defaultStorePath,
        maximumBodySize: Int = 16 * 1024 * 1024,
        maximumUploadSize: Int64 = DaemonConfiguration.defaultMaximumUploadSize,
        defaultCredentialLifetime: TimeInterval = 365 * 24 * 3600,
        maximumAuthorizationWait: TimeInterval = 120, heartbeatInterval: TimeInterval = 15, database: String? = nil,
        databasePassword: String? = nil
    ) {
        self.host = host
        self.port = port
        self.storePath = storePath
        self.database = database
        self.databasePassword = databasePassword
        self.maximumBodySize = maximumBodySize
        self.maximumUploadSize = maximumUploadSize
        self.defaultCredentialLifetime = defaultCredentialLifetime
        self.maximumAuthorizationWait = maximumAuthorizationWait
        self.heartbeatInterval = heartbeatInterval
    }

    /// 16 GB: exports of many years, zipped, are a few gigabytes.
    public static let defaultMaximumUploadSize: Int64 = 16_000_000_000

    /// A size as `--max-upload-size` takes it: bytes, or a number with a decimal suffix `k`, `M`, `G` or `T`
    /// (`500M`, `16G`, `1.5G`); nil when it is not one.
    public static func byteCount(_ text: String) -> Int64? {
        let multipliers: [Character: Double] = ["k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12]
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        var multiplier = 1.0
        if let last = number.last, let factor = multipliers[last] {
            multiplier = factor
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0, value * multiplier < 9e18 else { return nil }
        return Int64((value * multiplier).rounded())
    }

    /// `OPENHEALTHKIT_STORE`, else the user's default store (the one `HKHealthStore()` and `hk` use).
    public static var defaultStorePath: String {
        ProcessInfo.processInfo.environment["OPENHEALTHKIT_STORE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? StoreLocation.defaultPath
    }

    /// The store as messages name it: the file, or the database's URL (without its password).
    public var storeDescription: String {
        guard let database else { return storePath }
        return (try? PostgreSQLAddress(url: database, password: nil).description) ?? "the database"
    }

    /// The owner secret's file: `<store>.owner-secret`.
    var ownerSecretPath: String { storePath + ".owner-secret" }

    /// Where a user's uploads are received (exports for Health's Import, pushes to ingest): `<store>.uploads/`,
    /// beside the store (on its disk, where /tmp may be held in memory), for the owner; `<store>.uploads/user-<id>/`
    /// for each other user of a database, so that no user's upload is reachable from another's.
    func uploadDirectory(for user: Int64) -> URL {
        let uploads = URL(fileURLWithPath: storePath + ".uploads")
        return user == StoreLocation.ownerUserID ? uploads : uploads.appendingPathComponent("user-\(user)")
    }
    /// The key credentials are signed with: `<store>.credential-key`.
    var credentialKeyPath: String { storePath + ".credential-key" }
}
