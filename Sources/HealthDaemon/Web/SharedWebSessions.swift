import Crypto
import Foundation
import HealthWeb
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel

/// The Health web app's sessions in the PostgreSQL database (``SharedDaemonRecords``, table `web_session`), so that
/// every healthd on the database knows every session: a browser signed in through one is signed in on all, and
/// signing out on one ends the session on all.
///
/// The cookie's value is `<user id>.<random token>`: the user leads the row's key (row-level security binds each
/// statement to that user), and only the token's SHA-256 is stored, so the table's rows do not sign anyone in. Each
/// call is one or two indexed statements on the calling thread.
final class SharedWebSessions: WebSessions {
    let idleLifetime: TimeInterval
    private let directory: any StoreDirectory
    private let logger: Logger

    init(directory: any StoreDirectory, idleLifetime: TimeInterval = 12 * 3600, logger: Logger) {
        self.directory = directory
        self.idleLifetime = idleLifetime
        self.logger = logger
    }

    func create(user: Int64, now: Date) throws -> WebSession {
        let token = WebSession.randomToken()
        let session = WebSession(id: "\(user).\(token)", user: user, csrfToken: WebSession.randomToken())
        try records(of: user).createWebSession(
            idHash: Self.hash(token), csrfToken: session.csrfToken, at: now, idleLifetime: idleLifetime)
        return session
    }

    func session(_ id: String, now: Date) throws -> WebSession? {
        guard let (user, hash) = Self.parse(id) else { return nil }
        guard let stored = try records(of: user).webSession(idHash: hash, at: now, idleLifetime: idleLifetime)
        else { return nil }
        return WebSession(id: id, user: user, csrfToken: stored.csrfToken)
    }

    func end(_ id: String) throws {
        guard let (user, hash) = Self.parse(id) else { return }
        try records(of: user).endWebSession(idHash: hash)
    }

    func flash(_ id: String, _ text: String, isError: Bool) {
        guard let (user, hash) = Self.parse(id) else { return }
        do {
            try records(of: user).exchangeWebSessionFlash(idHash: hash, .init(text: text, isError: isError))
        } catch {
            logger.error("could not keep a message for a web session: \(error)")
        }
    }

    func takeFlash(_ id: String) -> (text: String, isError: Bool)? {
        guard let (user, hash) = Self.parse(id) else { return nil }
        do {
            return try records(of: user).exchangeWebSessionFlash(idHash: hash, nil).map { ($0.text, $0.isError) }
        } catch {
            logger.error("could not take a web session's message: \(error)")
            return nil
        }
    }

    /// The user and the token's hash of a cookie's value; nil for anything else.
    private static func parse(_ id: String) -> (user: Int64, hash: [UInt8])? {
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let user = Int64(parts[0]), user > 0, parts[1].utf8.count == 43 else { return nil }
        return (user, hash(String(parts[1])))
    }

    private static func hash(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(token.utf8)))
    }

    private func records(of user: Int64) throws -> any SharedDaemonRecords {
        try directory.sharedRecords(of: user)
    }
}
