import Foundation
import Logging
import NIOCore
import OpenHealthKitEngine
import PostgresNIO

/// One checked-out connection, used synchronously: each statement is sent with postgres-nio's future-based API and
/// the calling thread waits for its result.
///
/// This is the bridge between the engine's synchronous storage seam and postgres-nio's event loops. The statement
/// and its result stay on the connection's event loop; only the caller's thread blocks. That thread is never an
/// event loop (healthd runs storage calls on dispatch queues of their own, the library on its own queues), and never
/// waits for Swift concurrency's threads, so no caller can starve the work it waits for. (An `async` storage seam
/// would let callers suspend instead of block; the engine's seam is synchronous, as SQLite is.)
final class Session {
    let connection: GuardedConnection
    let logger: Logger
    /// Set when the connection failed under a statement: the pool closes it rather than reuse it.
    private(set) var isBroken = false
    private var nextCursor = 0

    init(connection: GuardedConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// Runs one statement and returns its rows.
    @discardableResult
    func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        try run(sql, binds).rows
    }

    /// Runs one statement and returns how many rows it inserted, updated or deleted.
    @discardableResult
    func execute(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> Int {
        try run(sql, binds).metadata.rows ?? 0
    }

    /// Runs `body` in a transaction (`BEGIN` with `mode`, e.g. `ISOLATION LEVEL REPEATABLE READ READ ONLY`),
    /// committing when it returns and rolling back when it throws. The commit's answer is waited for: a write is
    /// only reported done once PostgreSQL committed it.
    func transaction<T>(_ mode: String = "", _ body: () throws -> T) throws -> T {
        try execute(mode.isEmpty ? "BEGIN" : "BEGIN " + mode)
        let result: T
        do {
            result = try body()
        } catch {
            if !isBroken { _ = try? execute("ROLLBACK") }
            throw error
        }
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

    private func run(_ sql: String, _ binds: PostgresBindings) throws -> PostgresQueryResult {
        do {
            return try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).wait()
        } catch {
            let translated = PostgresFailure.translate(error)
            if translated is StorageUnavailableError || connection.isClosed { isBroken = true }
            throw translated
        }
    }
}
