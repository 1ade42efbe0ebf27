package import Foundation

/// Where the signed-in browsers' sessions live: in healthd's memory (``SessionStore``, one healthd on a SQLite
/// store) or in the database every healthd on it shares (healthd's PostgreSQL sessions), so that a browser signed
/// in through one healthd is signed in on all, and signing out on one ends the session on all.
///
/// A session is a random id in an HttpOnly, SameSite=Strict cookie, belongs to the one user who signed in, and
/// holds the token every form of that session must carry (CSRF). It ends after ``idleLifetime`` without use and on
/// sign-out. The methods do not throw: a store that cannot be reached has no session (the browser is sent to sign
/// in, where the failure shows), except ``create(user:now:)``, whose failure the sign-in page reports.
package protocol WebSessions: Sendable {
    /// How long a session lives without use.
    var idleLifetime: TimeInterval { get }
    /// Starts a session of `user` (after their secret was given).
    func create(user: Int64, now: Date) throws -> WebSession
    /// The live session with this id (the cookie's value), marked as used `now`; nil for an unknown, ended or
    /// expired one. Throws when the sessions cannot be read (their database is unreachable): that is not "signed
    /// out", and the browser is told to come back rather than to sign in again.
    func session(_ id: String, now: Date) throws -> WebSession?
    /// Ends a session (sign-out, or its user is gone); throws when it cannot, so that a sign-out never reports
    /// success while the session lives on.
    func end(_ id: String) throws
    /// Leaves a message for the session's next page.
    func flash(_ id: String, _ text: String, isError: Bool)
    /// Takes the waiting message, if any.
    func takeFlash(_ id: String) -> (text: String, isError: Bool)?
}

extension WebSessions {
    /// Starts a session of `user` now.
    func create(user: Int64) throws -> WebSession { try create(user: user, now: Date()) }
    /// The live session with this id, marked as used now.
    func session(_ id: String) throws -> WebSession? { try session(id, now: Date()) }
}

/// A signed-in browser's session.
package struct WebSession: Sendable {
    /// The cookie's value.
    package let id: String
    /// The user who signed in: every page of the session reaches this user's data only.
    package let user: Int64
    /// The token every form of the session carries.
    package let csrfToken: String

    /// A session.
    package init(id: String, user: Int64, csrfToken: String) {
        self.id = id
        self.user = user
        self.csrfToken = csrfToken
    }

    /// 32 random bytes from the system's secure generator, base64url.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
    }
}
