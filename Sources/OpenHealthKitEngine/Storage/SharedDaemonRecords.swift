package import Foundation

/// healthd's records where several healthd processes serve one database (the PostgreSQL storage): what one healthd
/// changes, the others hear of at once, and what a browser or an app left on one is found on the others. A SQLite
/// store is served by one healthd, which keeps these things in memory: its storage does not conform.
///
/// Every method acts on the storage's one user. Sharing between people (``PersonShareStorage``) needs several people
/// in one database, so it comes with these records.
package protocol SharedDaemonRecords: DaemonRecordStorage, PersonShareStorage {
    /// Tells every healthd on the database, this one included, that `event` happened to the user's records. Call it
    /// after the write it announces committed: a listener reads the records as soon as it hears.
    func announce(_ event: DaemonEvent) throws

    /// The registered app with this bundle identifier (revoked or not); nil when none is.
    func registeredApp(_ bundleIdentifier: String) throws -> RegisteredApp?

    /// Keeps the owner's `answer` (healthd's own encoding) on the pending request `id`, which the list of pending
    /// requests no longer shows, and announces ``DaemonEvent/answered(_:)``; answers kept for more than a minute are
    /// forgotten. False (nothing changed) when no request with that id is pending.
    func answerPendingAuthorization(_ id: UUID, answer: String, at date: Date) throws -> Bool
    /// The answer kept on request `id`; nil when it was not answered (or not in the last minute).
    func pendingAuthorizationAnswer(_ id: UUID) throws -> String?

    /// Starts a web session: `idHash` is a hash of its id (the id itself is never stored), `csrfToken` the token its
    /// forms carry. Sessions idle for `idleLifetime` or longer are removed at the same time.
    func createWebSession(idHash: [UInt8], csrfToken: String, at date: Date, idleLifetime: TimeInterval) throws
    /// The session with this hash if it was used less than `idleLifetime` ago, marked as used at `date`; nil (and
    /// removed) when it expired, nil when there is none.
    func webSession(idHash: [UInt8], at date: Date, idleLifetime: TimeInterval) throws -> StoredWebSession?
    /// Ends a session; a hash that is not stored is ignored.
    func endWebSession(idHash: [UInt8]) throws
    /// Leaves a message for the session's next page (replacing any), or with nil takes it away; returns the message
    /// that was there.
    @discardableResult
    func exchangeWebSessionFlash(idHash: [UInt8], _ flash: StoredWebSession.Flash?) throws -> StoredWebSession.Flash?
}

/// A web session as the database keeps it.
package struct StoredWebSession: Sendable, Equatable {
    /// A message for the session's next page, and whether it reports a failure.
    package struct Flash: Sendable, Equatable {
        package var text: String
        package var isError: Bool

        /// A message.
        package init(text: String, isError: Bool) {
            self.text = text
            self.isError = isError
        }
    }

    /// The token the session's forms carry.
    package var csrfToken: String
    /// When it was last used, before this use.
    package var lastUse: Date

    /// A session.
    package init(csrfToken: String, lastUse: Date) {
        self.csrfToken = csrfToken
        self.lastUse = lastUse
    }
}

/// What one healthd tells the others on the same database about a user's records (``SharedDaemonRecords``).
package enum DaemonEvent: Sendable, Equatable {
    /// Apps were registered, registered again or revoked: read the registry again.
    case apps
    /// Permission requests were added or dropped: read them again.
    case pending
    /// The owner answered the request with this id: the calls waiting for it read the answer.
    case answered(UUID)
    /// An app set or removed its background-delivery callback: read the callbacks again.
    case callbacks

    /// The event as a notification's payload carries it (after the user's id).
    package var payload: String {
        switch self {
        case .apps: return "apps"
        case .pending: return "pending"
        case .answered(let id): return "answered \(id.uuidString)"
        case .callbacks: return "callbacks"
        }
    }

    /// The event a payload names; nil for one this build does not know.
    package init?(payload: some StringProtocol) {
        let parts = payload.split(separator: " ")
        switch (parts.first, parts.count) {
        case ("apps", 1): self = .apps
        case ("pending", 1): self = .pending
        case ("callbacks", 1): self = .callbacks
        case ("answered", 2):
            guard let id = UUID(uuidString: String(parts[1])) else { return nil }
            self = .answered(id)
        default: return nil
        }
    }
}
