import Foundation
import OpenHealthKitModel

/// The signed-in browsers, in memory (``WebSessions``): the sessions of one healthd on a SQLite store, which end
/// when healthd stops.
final class SessionStore: WebSessions {
    private struct Entry {
        let session: WebSession
        var lastUse: Date
        /// A message for the next page (after a redirect), and whether it reports a failure.
        var flash: (text: String, isError: Bool)?
    }

    private let sessions = Locked<[String: Entry]>([:])
    let idleLifetime: TimeInterval

    init(idleLifetime: TimeInterval = 12 * 3600) {
        self.idleLifetime = idleLifetime
    }

    func create(user: Int64, now: Date) -> WebSession {
        let session = WebSession(id: WebSession.randomToken(), user: user, csrfToken: WebSession.randomToken())
        sessions.withLock { sessions in
            sessions = sessions.filter { now.timeIntervalSince($0.value.lastUse) < idleLifetime }
            sessions[session.id] = Entry(session: session, lastUse: now)
        }
        return session
    }

    func session(_ id: String, now: Date) -> WebSession? {
        sessions.withLock { sessions in
            guard let entry = sessions[id] else { return nil }
            guard now.timeIntervalSince(entry.lastUse) < idleLifetime else {
                sessions[id] = nil
                return nil
            }
            sessions[id]?.lastUse = now
            return entry.session
        }
    }

    func end(_ id: String) {
        _ = sessions.withLock { $0.removeValue(forKey: id) }
    }

    func flash(_ id: String, _ text: String, isError: Bool) {
        sessions.withLock { $0[id]?.flash = (text, isError) }
    }

    func takeFlash(_ id: String) -> (text: String, isError: Bool)? {
        sessions.withLock { sessions in
            defer { sessions[id]?.flash = nil }
            return sessions[id]?.flash
        }
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
