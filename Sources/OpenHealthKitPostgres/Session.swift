import Foundation
import Logging
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// One checked-out connection, used synchronously: each statement is sent with postgres-nio's future-based API and
/// the calling thread waits for its result.
///
/// This is the bridge between the engine's synchronous storage seam and postgres-nio's event loops. The statement
/// and its result stay on the connection's event loop; only the caller's thread blocks. That thread is never an
/// event loop (healthd runs storage calls on dispatch queues of their own, the library on its own queues), and never
/// waits for Swift concurrency's threads, so no caller can starve the work it waits for. (An `async` storage seam
/// would let callers suspend instead of block; the engine's seam is synchronous, as SQLite is.)
///
/// A session may act for a user (``user``): then every statement runs in a transaction bound to that user first
/// (``bindUser(_:)``: transaction-local, so a pooled connection never carries it over), which row-level security
/// checks on every user table (`Schema.users`, `SchemaMigration.usersBoundByTheDatabase`). A statement outside
/// ``transaction(_:_:)`` gets a transaction of its own: `BEGIN`, the user, the statement and `COMMIT` are sent
/// together and answered in order, one wait for the four. Inside ``transaction(_:_:)``, `BEGIN` and the user wait
/// for the transaction's first statement and go with it, so a transaction costs its statements' round trips and its
/// `COMMIT`'s, no more (the snapshot of a `REPEATABLE READ` transaction is taken at its first statement anyway).
final class Session {
    let connection: GuardedConnection
    let logger: Logger
    /// The user whose rows the session's statements may see and change; nil: none (migrations, accounts).
    let user: Int64?
    /// Set when the connection failed under a statement: the pool closes it rather than reuse it.
    private(set) var isBroken = false
    /// Set when a statement failed in a way that says the server may no longer be the primary
    /// (``PostgresFailure/meansServerChanged(_:)``): the pool then looks for the primary again.
    private(set) var lostServer = false
    private var nextCursor = 0
    private var inTransaction = false
    /// In a transaction that has sent no statement yet: its `BEGIN` and user, sent with its first statement.
    private var prologue: [PostgresQuery] = []

    init(connection: GuardedConnection, logger: Logger, user: Int64? = nil) {
        self.connection = connection
        self.logger = logger
        self.user = user
    }

    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        try runForUser(sql, binds).rows
    }

    /// Runs one statement and returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> Int {
        try runForUser(sql, binds).metadata.rows ?? 0
    }

    /// Runs `body` in a transaction (`BEGIN` with `mode`, e.g. `ISOLATION LEVEL REPEATABLE READ READ ONLY`), the
    /// session's user set first, committing when it returns and rolling back when it throws. The commit's answer is
    /// waited for: a write is only reported done once PostgreSQL committed it.
    func transaction<T>(_ mode: String = "", _ body: () throws -> T) throws -> T {
        precondition(!inTransaction, "transactions do not nest")
        prologue = [PostgresQuery(unsafeSQL: mode.isEmpty ? "BEGIN" : "BEGIN " + mode)]
        if let user { prologue.append(bindUser(user)) }
        inTransaction = true
        defer {
            inTransaction = false
            prologue = []
        }
        let result: T
        do {
            result = try body()
        } catch {
            // Nothing sent yet: there is no transaction to roll back.
            if !isBroken && prologue.isEmpty { _ = try? run("ROLLBACK", PostgresBindings()) }
            throw error
        }
        // A body that sent nothing began nothing.
        guard prologue.isEmpty else { return result }
        let commit = try run("COMMIT", PostgresBindings())
        // A transaction that an earlier statement aborted answers COMMIT with ROLLBACK.
        guard commit.metadata.command == "COMMIT" else {
            throw PostgresFailure(sqlState: "25P02", message: "the transaction was rolled back")
        }
        return result
    }

    /// Calls `body` with each row of `sql`, read through a cursor `batch` rows at a time, so that memory stays the
    /// same whatever the result's size. Only inside a transaction (a cursor lives as long as its transaction);
    /// `body` runs on the caller's thread between fetches, and may run other statements on the session.
    func forEachRow(
        _ sql: String, _ binds: PostgresBindings, batch: Int = 2000, _ body: (PostgresRow) throws -> Void
    ) throws {
        try forEachBatch(sql, binds, batch: batch) { rows in
            for row in rows { try body(row) }
        }
    }

    /// As ``forEachRow(_:_:batch:_:)``, a fetched batch at a time.
    func forEachBatch(
        _ sql: String, _ binds: PostgresBindings, batch: Int = 2000, _ body: ([PostgresRow]) throws -> Void
    ) throws {
        let cursor = "ohk_cursor_\(nextCursor)"
        nextCursor += 1
        try execute("DECLARE \(cursor) NO SCROLL CURSOR FOR " + sql, binds)
        while true {
            let rows = try query("FETCH FORWARD \(batch) FROM \(cursor)")
            if !rows.isEmpty { try body(rows) }
            if rows.count < batch { break }
        }
        try execute("CLOSE \(cursor)")
    }

    /// The statement that binds the rest of the transaction to `user`: with the connection's key where the database
    /// binds users (`openhealthkit_bind_user`, `SchemaMigration.usersBoundByTheDatabase`), else by setting `openhealthkit.user`
    /// (a database older than that, which tests of upgrades make).
    func bindUser(_ user: Int64) -> PostgresQuery {
        var binds = Binds()
        guard let key = connection.bindingKey.withLock({ $0 }) else {
            let value = binds.add(String(user))
            return PostgresQuery(
                unsafeSQL: "SELECT set_config('openhealthkit.user', \(value), true)", binds: binds.bindings)
        }
        let value = binds.add(user), proof = binds.add(key)
        return PostgresQuery(
            unsafeSQL: "SELECT openhealthkit_bind_user(\(value), \(proof))", binds: binds.bindings)
    }

    /// Takes the connection's binding key (once per connection, before anything else runs on it: the database
    /// refuses a second).
    func openBinding() throws {
        let key = try query("SELECT openhealthkit_open_session()").first?.decode(String.self)
        connection.bindingKey.withLock { $0 = key }
    }

    /// A statement as the session's user: in the open transaction, or in one of its own.
    private func runForUser(_ sql: String, _ binds: PostgresBindings) throws -> PostgresQueryResult {
        if user != nil { StatementObserver.sending(sql) }
        if inTransaction {
            guard !prologue.isEmpty else { return try run(sql, binds) }
            let queries = prologue + [PostgresQuery(unsafeSQL: sql, binds: binds)]
            prologue = []
            return try pipeline(queries)[queries.count - 1]
        }
        guard let user else { return try run(sql, binds) }
        let results = try pipeline([
            PostgresQuery(unsafeSQL: "BEGIN"), bindUser(user), PostgresQuery(unsafeSQL: sql, binds: binds),
            PostgresQuery(unsafeSQL: "COMMIT"),
        ])
        // The statement failed: its error. It succeeded but COMMIT answered ROLLBACK: it did not happen.
        guard results[3].metadata.command == "COMMIT" else {
            throw PostgresFailure(sqlState: "25P02", message: "the transaction was rolled back")
        }
        return results[2]
    }

    private func run(_ sql: String, _ binds: PostgresBindings) throws -> PostgresQueryResult {
        try pipeline([PostgresQuery(unsafeSQL: sql, binds: binds)])[0]
    }

    /// Sends `queries` one after another without waiting between them, then waits for all their answers; throws the
    /// first statement's error (PostgreSQL skips what follows a failed statement up to the end of its transaction,
    /// so a pipeline that ends a transaction leaves none open: a failed statement's `COMMIT` rolls it back).
    @discardableResult
    private func pipeline(_ queries: [PostgresQuery]) throws -> [PostgresQueryResult] {
        do {
            return try connection.queries(queries, logger: logger).wait().map { try $0.get() }
        } catch {
            let translated = PostgresFailure.translate(error)
            if translated is StorageUnavailableError || connection.isClosed { isBroken = true }
            if connection.isClosed || PostgresFailure.meansServerChanged(error) { lostServer = true }
            throw translated
        }
    }
}
