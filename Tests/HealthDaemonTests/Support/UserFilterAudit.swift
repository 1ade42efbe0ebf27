import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// Issue 18's proof that the schema is ready to shard by user (Citus routes a statement to one shard when it filters
/// by the distribution column): every statement the storage sends for a user while the behavioural suites run on
/// PostgreSQL is recorded (``StatementObserver`` in this process, ``StatementLog`` in the healthd it starts), and each that reads or writes a user table (one with a `user_id`
/// column) must filter each user table it reads, updates or deletes from by `user_id` in a comparison (a join
/// filters each side: `so.user_id = s.user_id`; selecting the column is no filter), and name `user_id` in the
/// columns of each user table it inserts into. A share between people (`person_share`) belongs to two users, its
/// owner and its recipient, and is read by either (decision 0059): there `recipient_id` filters as `user_id` does.
/// Every world on PostgreSQL checks what was recorded so far when it closes.
actor UserFilterAudit {
    static let shared = UserFilterAudit()

    private let statements = Locked(Set<String>())
    private var userTables: Set<String>?
    private var checked: Set<String> = []
    private var started = false

    /// Records every statement from now on (idempotent).
    func start() {
        guard !started else { return }
        started = true
        let statements = self.statements
        StatementObserver.set { sql in _ = statements.withLock { $0.insert(sql) } }
    }

    /// Adds statements another process sent (healthd's, from its ``StatementLog``).
    func record(_ sent: Set<String>) {
        statements.withLock { $0.formUnion(sent) }
    }

    /// Every statement recorded so far.
    func recorded() -> Set<String> {
        statements.withLock { $0 }
    }

    /// The statements recorded so far that name a user table without filtering each by `user_id`.
    func unfiltered() async throws -> [String] {
        let tables = try await knownUserTables()
        let new = statements.withLock { $0 }.subtracting(checked)
        checked.formUnion(new)
        return new.filter { !Self.filtersEachUserTable($0, userTables: tables) }.sorted()
    }

    /// Whether `sql` compares `user_id` (`user_id = …`, `… = x.user_id`) at least as often as it reads, updates or
    /// deletes from tables of `userTables` (named after `FROM`, `JOIN`, `UPDATE` or `USING`), and lists `user_id` among
    /// the columns of each such table it inserts into (`INTO table (…)`).
    static func filtersEachUserTable(_ sql: String, userTables: Set<String>) -> Bool {
        let tokens = sql.lowercased().matches(of: /[a-z0-9_]+|=|\(|\)/).map { String($0.output) }
        var read = 0
        for (index, (word, next)) in zip(tokens, tokens.dropFirst()).enumerated()
        where userTables.contains(next) {
            if ["from", "join", "update", "using"].contains(word) { read += 1 }
            if word == "into" && !Self.columnList(in: tokens, after: index + 1).contains("user_id") { return false }
        }
        let compared = tokens.indices.count { index in
            ["user_id", "recipient_id"].contains(tokens[index])
                && (tokens.indices.contains(index + 1) && tokens[index + 1] == "="
                    || index > 0 && tokens[index - 1] == "=")
        }
        return compared >= read
    }

    /// The tokens of the parenthesized list right after `tokens[table]` (an insert's columns); empty if none.
    private static func columnList(in tokens: [String], after table: Int) -> ArraySlice<String> {
        guard tokens.indices.contains(table + 1), tokens[table + 1] == "(",
            let close = tokens[(table + 1)...].firstIndex(of: ")")
        else { return [] }
        return tokens[(table + 2)..<close]
    }

    /// The tables with a `user_id` column, read once from a freshly migrated database.
    private func knownUserTables() async throws -> Set<String> {
        if let userTables { return userTables }
        let server = try await PostgreSQLServer.shared()
        let database = try await server.createDatabase()
        let name = String(database.split(separator: "/").last ?? "")
        // Opening a storage migrates the database.
        _ = try PostgresStorage(address: try PostgreSQLAddress(url: database, password: server.password))
        let listing = try await server.sql(
            "SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id' "
                + "AND table_schema = 'public'", database: name)
        let tables = Set(listing.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        userTables = tables
        return tables
    }
}
