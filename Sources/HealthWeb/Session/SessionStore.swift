import Foundation
import OpenHealthKitModel

/// The signed-in browsers, in memory: a session is a random id in an HttpOnly, SameSite=Strict cookie, belongs to the
/// one user who signed in, and holds the token every form of that session must carry (CSRF). Sessions end after `idleLifetime` without use,
/// on sign-out, and when healthd stops.
final class SessionStore: Sendable {
    struct Session: Sendable {
        let id: String
        /// The user who signed in: every page of the session reaches this user's data only.
        let user: Int64
        let csrfToken: String
        var lastUse: Date
        /// A message for the next page (after a redirect), and whether it reports a failure.
        var flash: (text: String, isError: Bool)?
    }

    private let sessions = Locked<[String: Session]>([:])
    let idleLifetime: TimeInterval

    init(idleLifetime: TimeInterval = 12 * 3600) {
        self.idleLifetime = idleLifetime
    }

    /// Starts a session of `user` (after their secret was given).
    func create(user: Int64, now: Date = Date()) -> Session {
        let session = Session(
            id: Self.randomToken(), user: user, csrfToken: Self.randomToken(), lastUse: now, flash: nil)
        sessions.withLock { sessions in
            sessions = sessions.filter { now.timeIntervalSince($0.value.lastUse) < idleLifetime }
            sessions[session.id] = session
        }
        return session
    }

    /// The live session with this id, marked as used now.
    func session(_ id: String, now: Date = Date()) -> Session? {
        sessions.withLock { sessions in
            guard var session = sessions[id] else { return nil }
            guard now.timeIntervalSince(session.lastUse) < idleLifetime else {
                sessions[id] = nil
                return nil
            }
            session.lastUse = now
            sessions[id] = session
            return session
        }
    }

    func end(_ id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }

    /// Leaves a message for the session's next page.
    func flash(_ id: String, _ text: String, isError: Bool = false) {
        sessions.withLock { $0[id]?.flash = (text, isError) }
    }

    /// Takes the waiting message, if any.
    func takeFlash(_ id: String) -> (text: String, isError: Bool)? {
        sessions.withLock { sessions in
            defer { sessions[id]?.flash = nil }
            return sessions[id]?.flash
        }
    }

    /// 32 random bytes from the system's secure generator, base64url.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
    }
}

/// Byte-wise comparison whose time does not depend on where the strings differ.
func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
}
