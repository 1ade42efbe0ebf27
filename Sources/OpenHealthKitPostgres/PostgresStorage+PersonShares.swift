package import Foundation
package import OpenHealthKitEngine
import PostgresNIO

/// Sharing between people (`v19: sharing between people`): every statement runs bound to the storage's user, so the
/// policies of `person_share` decide what it reaches: its own shares as their owner, those made to it as their
/// recipient, and nothing of anyone else's. Each statement also names the user, the first wall.
extension PostgresStorage: PersonShareStorage {
    package func share(withUserNamed recipientName: String, categories: [String], at date: Date) throws
        -> PersonShare
    {
        let chosen = Array(Set(categories)).sorted()
        guard !chosen.isEmpty else { throw PersonShareError.nothingChosen }
        return try session { session in
            try session.transaction {
                var binds = Binds()
                let name = binds.add(recipientName)
                guard
                    let recipient = try session.query(
                        "SELECT id FROM health_user WHERE name = \(name)", binds.bindings
                    ).first?.decode(Int64.self)
                else { throw PersonShareError.unknownUser(recipientName) }
                guard recipient != user else { throw PersonShareError.oneself }
                let owner = binds.add(user), to = binds.add(recipient), list = binds.add(chosen)
                let time = binds.add(date.timeIntervalSince1970)
                try session.execute(
                    """
                    INSERT INTO person_share (user_id, recipient_id, categories, created_at)
                    VALUES (\(owner), \(to), \(list)::text[], \(time))
                    ON CONFLICT (user_id, recipient_id) DO UPDATE SET categories = excluded.categories
                    """, binds.bindings)
                return try Self.shares(where: "s.user_id = \(owner) AND s.recipient_id = \(to)", binds, session)[0]
            }
        }
    }

    package func sharesGiven() throws -> [PersonShare] {
        try session { session in
            var binds = Binds()
            let owner = binds.add(user)
            return try Self.shares(where: "s.user_id = \(owner)", binds, session, orderBy: "recipient.name")
        }
    }

    package func stopSharing(with recipient: Int64) throws -> Bool {
        try deleteShare(owner: user, recipient: recipient)
    }

    package func sharesReceived() throws -> [PersonShare] {
        try session { session in
            var binds = Binds()
            let me = binds.add(user)
            return try Self.shares(where: "s.recipient_id = \(me)", binds, session, orderBy: "owner.name")
        }
    }

    package func shareReceived(fromUserNamed ownerName: String) throws -> PersonShare? {
        try session { session in
            var binds = Binds()
            let me = binds.add(user), name = binds.add(ownerName)
            return try Self.shares(where: "s.recipient_id = \(me) AND owner.name = \(name)", binds, session).first
        }
    }

    package func leaveShare(from owner: Int64) throws -> Bool {
        try deleteShare(owner: owner, recipient: user)
    }

    /// Deletes the share of `owner` with `recipient`, one of whom is this user (the policies let no one else);
    /// whether there was one.
    private func deleteShare(owner: Int64, recipient: Int64) throws -> Bool {
        try session { session in
            var binds = Binds()
            let from = binds.add(owner), to = binds.add(recipient)
            return try session.execute(
                "DELETE FROM person_share WHERE user_id = \(from) AND recipient_id = \(to)", binds.bindings) > 0
        }
    }

    /// The shares matching `condition` (on `s`, `owner` and `recipient`), with both names; a share whose owner or
    /// recipient is gone is not one.
    private static func shares(
        where condition: String, _ binds: Binds, _ session: Session, orderBy order: String = "s.user_id"
    ) throws -> [PersonShare] {
        try session.query(
            """
            SELECT s.user_id, owner.name, s.recipient_id, recipient.name, s.categories, s.created_at
            FROM person_share s
            JOIN health_user owner ON owner.id = s.user_id
            JOIN health_user recipient ON recipient.id = s.recipient_id
            WHERE \(condition)
            ORDER BY \(order)
            """, binds.bindings
        ).map { row in
            let (owner, ownerName, recipient, recipientName, categories, since) = try row.decode(
                (Int64, String, Int64, String, [String], Double).self)
            return PersonShare(
                owner: owner, ownerName: ownerName, recipient: recipient, recipientName: recipientName,
                categories: categories, since: Date(timeIntervalSince1970: since))
        }
    }
}
