import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres
import OpenHealthKitTesting

/// Issue 18's proof that the schema is ready to shard by user (Citus routes a statement to one shard when it filters
/// by the distribution column): every statement the storage sends for a user while the behavioural suites run on
/// PostgreSQL is recorded (``StatementObserver``), and each that reads or writes a user table (one with a `user_id`
/// column) must name `user_id` at least once per user table it names (a join filters each side:
/// `so.user_id = s.user_id`). Every world on PostgreSQL checks what was recorded so far when it closes.
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

    /// Whether `sql` names `user_id` at least as often as it names tables of `userTables` (after `FROM`, `JOIN`,
    /// `INTO` or `UPDATE`).
    static func filtersEachUserTable(_ sql: String, userTables: Set<String>) -> Bool {
        let words = sql.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        var named = 0
        for (word, next) in zip(words, words.dropFirst())
        where ["from", "join", "into", "update"].contains(word) && userTables.contains(next) {
            named += 1
        }
        return words.count { $0 == "user_id" } >= named
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
