package import Foundation
package import OpenHealthKitEngine
import NIOCore
import PostgresNIO

/// healthd's records shared by every healthd on the database (`v14: shared daemon state`): announcements through
/// ``DaemonNotifications``, the owner's answers kept for the healthd where the app waits, and the web app's
/// sessions by a hash of their id.
extension PostgresStorage: SharedDaemonRecords {
    /// How long an answer stays on its request's row for the calls waiting on other healthd instances.
    private static let answerKeeping: TimeInterval = 60

    package func announce(_ event: DaemonEvent) throws {
        try session { session in try DaemonNotifications.notify(event, of: user, session) }
    }

    package func registeredApp(_ bundleIdentifier: String) throws -> RegisteredApp? {
        try registeredApps(only: bundleIdentifier).first
    }

    package func answerPendingAuthorization(_ id: UUID, answer: String, at date: Date) throws -> Bool {
        try session { session in
            try session.transaction {
                var binds = Binds()
                let userValue = binds.add(user), idValue = binds.add(id), answerValue = binds.add(answer)
                let time = binds.add(date.timeIntervalSince1970)
                let old = binds.add(date.timeIntervalSince1970 - Self.answerKeeping)
                try session.execute(
                    "DELETE FROM pending_authorization WHERE user_id = \(userValue) AND answered_at < \(old)",
                    binds.bindings)
                let answered = try session.execute(
                    """
                    UPDATE pending_authorization SET answer = \(answerValue), answered_at = \(time)
                    WHERE user_id = \(userValue) AND id = \(idValue) AND answer IS NULL
                    """, binds.bindings)
                guard answered > 0 else { return false }
                // Delivered once this commits: the waiting calls then find the answer.
                try DaemonNotifications.notify(.answered(id), of: user, session)
                return true
            }
        }
    }

    package func pendingAuthorizationAnswer(_ id: UUID) throws -> String? {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), id = binds.add(id)
            return try session.query(
                "SELECT answer FROM pending_authorization WHERE user_id = \(user) AND id = \(id)", binds.bindings
            ).first?.decode(String?.self) ?? nil
        }
    }

    package func createWebSession(idHash: [UInt8], csrfToken: String, at date: Date, idleLifetime: TimeInterval)
        throws
    {
        try session { session in
            try session.transaction {
                var binds = Binds()
                let user = binds.add(user), hash = binds.add(ByteBuffer(bytes: idHash))
                let token = binds.add(csrfToken), time = binds.add(date.timeIntervalSince1970)
                let expired = binds.add(date.timeIntervalSince1970 - idleLifetime)
                try session.execute(
                    "DELETE FROM web_session WHERE user_id = \(user) AND last_use <= \(expired)", binds.bindings)
                try session.execute(
                    """
                    INSERT INTO web_session (user_id, id_hash, csrf_token, last_use)
                    VALUES (\(user), \(hash), \(token), \(time))
                    """, binds.bindings)
            }
        }
    }

    package func webSession(idHash: [UInt8], at date: Date, idleLifetime: TimeInterval) throws -> StoredWebSession? {
        try session { session in
            try session.transaction {
                var binds = Binds()
                let user = binds.add(user), hash = binds.add(ByteBuffer(bytes: idHash))
                guard
                    let row = try session.query(
                        """
                        SELECT csrf_token, last_use FROM web_session
                        WHERE user_id = \(user) AND id_hash = \(hash) FOR UPDATE
                        """, binds.bindings
                    ).first
                else { return nil }
                let (token, lastUse) = try row.decode((String, Double).self)
                let time = binds.add(date.timeIntervalSince1970)
                guard date.timeIntervalSince1970 - lastUse < idleLifetime else {
                    try session.execute(
                        "DELETE FROM web_session WHERE user_id = \(user) AND id_hash = \(hash)", binds.bindings)
                    return nil
                }
                try session.execute(
                    "UPDATE web_session SET last_use = \(time) WHERE user_id = \(user) AND id_hash = \(hash)",
                    binds.bindings)
                return StoredWebSession(csrfToken: token, lastUse: Date(timeIntervalSince1970: lastUse))
            }
        }
    }

    package func endWebSession(idHash: [UInt8]) throws {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), hash = binds.add(ByteBuffer(bytes: idHash))
            try session.execute(
                "DELETE FROM web_session WHERE user_id = \(user) AND id_hash = \(hash)", binds.bindings)
        }
    }

    @discardableResult
    package func exchangeWebSessionFlash(idHash: [UInt8], _ flash: StoredWebSession.Flash?) throws
        -> StoredWebSession.Flash?
    {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), hash = binds.add(ByteBuffer(bytes: idHash))
            let text = binds.add(flash?.text), isError = binds.add(flash?.isError ?? false)
            // The old values: the row is locked by the update, so two pages cannot take one message twice.
            let row = try session.query(
                """
                UPDATE web_session w SET flash = \(text), flash_is_error = \(isError)
                FROM (SELECT flash, flash_is_error FROM web_session
                      WHERE user_id = \(user) AND id_hash = \(hash) FOR UPDATE) old
                WHERE w.user_id = \(user) AND w.id_hash = \(hash)
                RETURNING old.flash, old.flash_is_error
                """, binds.bindings
            ).first
            guard let (oldText, oldIsError) = try row?.decode((String?, Bool).self), let oldText else { return nil }
            return StoredWebSession.Flash(text: oldText, isError: oldIsError)
        }
    }
}
