import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine

/// How healthd runs: where it listens, which store it serves, and its limits.
public struct DaemonConfiguration: Sendable {
    /// The address to listen on: loopback by default, so that only this machine can reach the store.
    public var host: String
    /// The port; 0 picks a free one (tests).
    public var port: Int
    /// The database file. The owner secret and the credential key live next to it.
    public var storePath: String
    /// The largest request body accepted; larger ones get 413.
    public var maximumBodySize: Int
    /// How long a credential is valid unless the registration says otherwise.
    public var defaultCredentialLifetime: TimeInterval
    /// How long `POST /v1/authorization/request` waits for the owner before answering `pending` (at most).
    public var maximumAuthorizationWait: TimeInterval
    /// How often an idle change stream sends a comment, so that dead connections are noticed.
    public var heartbeatInterval: TimeInterval

    public init(
        host: String = "127.0.0.1", port: Int = 8787, storePath: String = DaemonConfiguration.defaultStorePath,
        maximumBodySize: Int = 16 * 1024 * 1024, defaultCredentialLifetime: TimeInterval = 365 * 24 * 3600,
        maximumAuthorizationWait: TimeInterval = 120, heartbeatInterval: TimeInterval = 15
    ) {
        self.host = host
        self.port = port
        self.storePath = storePath
        self.maximumBodySize = maximumBodySize
        self.defaultCredentialLifetime = defaultCredentialLifetime
        self.maximumAuthorizationWait = maximumAuthorizationWait
        self.heartbeatInterval = heartbeatInterval
    }

    /// `OPENHEALTHKIT_STORE`, else the user's default store (the one `HKHealthStore()` and `hk` use).
    public static var defaultStorePath: String {
        ProcessInfo.processInfo.environment["OPENHEALTHKIT_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? StoreLocation.defaultPath
    }

    /// The owner secret's file: `<store>.owner-secret`.
    var ownerSecretPath: String { storePath + ".owner-secret" }
    /// The key credentials are signed with: `<store>.credential-key`.
    var credentialKeyPath: String { storePath + ".credential-key" }
}
