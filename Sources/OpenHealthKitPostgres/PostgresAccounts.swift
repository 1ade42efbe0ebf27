import Foundation
package import OpenHealthKitEngine
import PostgresNIO

/// A user of a PostgreSQL database: the `health_user` row whose id every row of theirs carries.
package struct PostgresUser: Sendable, Hashable {
    /// The id the user's rows carry (`user_id`), and the one to open their store with
    /// (`StoreLocation.postgreSQL(address, user: id)`).
    package let id: Int64
    /// The name they sign in with.
    package let name: String
    /// Whether the user has a sign-in secret (the owner of a single-owner database has none: healthd keeps that
    /// one's secret in a file).
    package let hasSecret: Bool
}

/// Why an account operation was refused; the database is unchanged.
package enum AccountError: Error, Equatable, CustomStringConvertible {
    /// The name breaks ``PostgresAccounts/validate(name:)``'s rule.
    case invalidName(String)
    /// A user already has this name.
    case nameTaken(String)
    /// No user has this name.
    case unknownUser(String)
    /// The owner of a single-owner database (user 1) stays: its store is what `hk` and healthd open without a user.
    case ownerStays

    package var description: String {
        switch self {
        case .invalidName(let name):
            return "\"\(name)\" is not a valid user name: use 1 to 64 lower-case letters a-z, digits, '.', '_' or '-',"
                + " starting with a letter or digit"
        case .nameTaken(let name): return "a user named \"\(name)\" already exists"
        case .unknownUser(let name): return "no user is named \"\(name)\""
        case .ownerStays: return "the owner (user 1) cannot be removed"
        }
    }
}

/// The users of a PostgreSQL database (`v10: users`): adding one with a first secret, removing one with all their
/// data, checking a name and secret, listing them.
///
/// It connects as the login role, without the daemon's role: adding and removing users is the administrator's
/// (`hk users`), and checking a secret reads only `health_user`. Secrets are kept as salted scrypt hashes
/// (``SecretHash``); a secret is returned once, by ``add(name:)``, and is in no log or error.
package final class PostgresAccounts: Sendable {
    private let database: PostgresDatabase
    private let verified = VerifiedSecrets()

    /// The accounts of the database at `address`, connecting (and migrating) now: throws
    /// ``StorageUnavailableError`` when the database cannot be reached.
    package init(address: PostgreSQLAddress) throws {
        database = PostgresDatabase(address: address, connections: 2, migrateUpTo: nil, assumesDaemonRole: false)
        try database.session(user: nil) { _ in }
    }

    /// Throws ``AccountError/invalidName(_:)`` unless `name` is 1 to 64 of `a-z`, `0-9`, `.`, `_`, `-`, starting with
    /// a letter or digit (names appear in URLs, logs and shells as they are; upper case would make two names for one
    /// person). The database checks the same rule.
    package static func validate(name: String) throws(AccountError) {
        let bytes = Array(name.utf8)
        func allowed(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): return !first
            default: return false
            }
        }
        guard (1...64).contains(bytes.count), allowed(bytes[0], first: true),
            bytes.dropFirst().allSatisfy({ allowed($0, first: false) })
        else { throw .invalidName(name) }
    }

    /// Adds a user named `name` with a new random secret, and returns them with that secret: the only time it is
    /// known, since only its hash is kept. The user starts with an empty store (anchor 0, an empty audit log).
    package func add(name: String) throws -> (user: PostgresUser, secret: String) {
        try Self.validate(name: name)
        let secret = SecretHash.newSecret()
        let hash = try SecretHash(of: secret)
        return try database.session(user: nil) { session in
            try session.transaction {
                var binds = Binds()
                let nameValue = binds.add(name), hashValue = binds.add(ByteBuffer(bytes: hash.hash))
                let salt = binds.add(ByteBuffer(bytes: hash.salt)), parameters = binds.add(hash.parameters.text)
                let now = binds.add(Date().timeIntervalSince1970)
                guard
                    let id = try session.query(
                        """
                        INSERT INTO health_user (name, secret_hash, secret_salt, secret_parameters, created_at)
                        VALUES (\(nameValue), \(hashValue), \(salt), \(parameters), \(now))
                        ON CONFLICT (name) DO NOTHING RETURNING id
                        """, binds.bindings
                    ).first?.decode(Int64.self)
                else { throw AccountError.nameTaken(name) }
                try Self.actFor(id, session)
                var rows = Binds()
                let user = rows.add(id)
                try session.execute("INSERT INTO store_anchor (user_id, value) VALUES (\(user), 0)", rows.bindings)
                try session.execute("INSERT INTO audit_sequence (user_id, value) VALUES (\(user), 0)", rows.bindings)
                return (PostgresUser(id: id, name: name, hasSecret: true), secret)
            }
        }
    }

    /// Removes the user named `name`, every row of theirs in every user table and what others shared with them, in
    /// one transaction: all of it or (on an error) none. The audit log's append-only trigger lets exactly this through
    /// (`openhealthkit.removing_user`). The commit notifies ``DaemonNotifications``' listeners.
    @discardableResult
    package func remove(name: String) throws -> PostgresUser {
        try Self.validate(name: name)
        return try database.session(user: nil) { session in
            try session.transaction {
                var binds = Binds()
                let nameValue = binds.add(name)
                guard
                    let row = try session.query(
                        "SELECT id, secret_hash IS NOT NULL FROM health_user WHERE name = \(nameValue) FOR UPDATE",
                        binds.bindings
                    ).first
                else { throw AccountError.unknownUser(name) }
                let (id, hasSecret) = try row.decode((Int64, Bool).self)
                guard id != PostgresStorage.ownerUserID else { throw AccountError.ownerStays }
                try Self.deleteRows(of: id, keeping: [], session)
                var user = Binds()
                let value = user.add(id)
                // What others shared with them: rows of the others', which the recipient may remove (v19).
                try session.execute("DELETE FROM person_share WHERE recipient_id = \(value)", user.bindings)
                try session.execute("DELETE FROM health_user WHERE id = \(value)", user.bindings)
                // Heard by every healthd on the database once this commits: the user's streams end at once.
                try DaemonNotifications.notifyRemoved(id, session)
                return PostgresUser(id: id, name: name, hasSecret: hasSecret)
            }
        }
    }

    /// Deletes every row of the user `id` in every user table, in one transaction, keeping the account (its name
    /// and secret) and its anchor, which only grows: what `hk migrate` does when a copy into the user fails midway,
    /// so that the user is left as empty as the migration found them.
    package func clearData(of id: Int64) throws {
        try database.session(user: nil) { session in
            try session.transaction { try Self.deleteRows(of: id, keeping: ["store_anchor"], session) }
        }
    }

    /// Deletes the user's rows from every user table but `kept`, children first, inside the caller's transaction. The
    /// audit log's append-only trigger lets exactly this through (`openhealthkit.removing_user`).
    private static func deleteRows(of id: Int64, keeping kept: Set<String>, _ session: Session) throws {
        try actFor(id, session)
        var removing = Binds()
        let text = removing.add(String(id))
        try session.execute("SELECT set_config('openhealthkit.removing_user', \(text), true)", removing.bindings)
        var user = Binds()
        let value = user.add(id)
        for table in try childrenFirst(try Schema.userTables(session), session) where !kept.contains(table) {
            try session.execute("DELETE FROM \"\(table)\" WHERE user_id = \(value)", user.bindings)
        }
    }

    /// The user named `name` if `secret` is theirs, else nil. An unknown name, a user without a secret and a wrong
    /// secret get the same answer in the same time: one scrypt either way (against a stand-in hash when there is
    /// none), so neither the answer nor its timing tells which names exist. A secret found matching in the last
    /// minutes is answered from memory (``VerifiedSecrets``).
    package func verify(name: String, secret: String) throws -> PostgresUser? {
        let row: (id: Int64, hash: SecretHash?)? = try database.session(user: nil) { session in
            var binds = Binds()
            let nameValue = binds.add(name)
            guard
                let row = try session.query(
                    """
                    SELECT id, secret_hash, secret_salt, secret_parameters FROM health_user WHERE name = \(nameValue)
                    """, binds.bindings
                ).first
            else { return nil }
            let (id, hash, salt, parameters) = try row.decode((Int64, ByteBuffer?, ByteBuffer?, String?).self)
            guard let hash, let salt, let parameters = parameters.flatMap(SecretHash.Parameters.init(text:)) else {
                return (id, nil)
            }
            return (id, SecretHash(hash: Array(buffer: hash), salt: Array(buffer: salt), parameters: parameters))
        }
        guard let row, let stored = row.hash else {
            _ = try Self.standIn.matches(secret)
            return nil
        }
        guard try verified.matches(secret, of: row.id, stored: stored) else { return nil }
        return PostgresUser(id: row.id, name: name, hasSecret: true)
    }

    /// Every user, by id.
    package func users() throws -> [PostgresUser] {
        try database.session(user: nil) { session in
            try session.query("SELECT id, name, secret_hash IS NOT NULL FROM health_user ORDER BY id").map { row in
                let (id, name, hasSecret) = try row.decode((Int64, String, Bool).self)
                return PostgresUser(id: id, name: name, hasSecret: hasSecret)
            }
        }
    }

    /// The user named `name`, if any.
    package func user(named name: String) throws -> PostgresUser? {
        try users().first { $0.name == name }
    }

    /// A hash no secret is known to match, checked when a name has none, so that every answer costs one scrypt.
    private static let standIn = SecretHash(
        hash: Array(repeating: 0, count: 32), salt: Array(repeating: 0, count: 16), parameters: .init())

    /// Sets the user whose rows this transaction may see and change (row-level security binds a login role that
    /// owns the tables, and the policies' `WITH CHECK` applies to its inserts).
    private static func actFor(_ id: Int64, _ session: Session) throws {
        let bind = session.bindUser(id)
        try session.execute(bind.sql, bind.binds)
    }

    /// `tables` ordered so that a table comes before every table its foreign keys reference.
    private static func childrenFirst(_ tables: [String], _ session: Session) throws -> [String] {
        let references = try session.query(
            """
            SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
            WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND c.conrelid <> c.confrelid
            """
        ).map { try $0.decode((String, String).self) }
        var left = tables, ordered: [String] = []
        while !left.isEmpty {
            // A table no remaining table references goes next; the schema has no cycles between user tables.
            let next = left.first { table in !references.contains { $0.1 == table && left.contains($0.0) } } ?? left[0]
            ordered.append(next)
            left.removeAll { $0 == next }
        }
        return ordered
    }
}
