import Foundation
import GRDBSQLite

/// The sqlite3 C API with nothing around it: the baseline every benchmark compares the store with. Opened in
/// multi-thread mode (no mutex around each call), as GRDB opens the store's connections.
final class RawDatabase {
    let handle: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw RawSQLiteError(message: "cannot open \(path) (code \(code))")
        }
        self.handle = handle
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw error() }
    }

    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw error() }
        return RawStatement(handle: statement, database: self)
    }

    /// The first column of the first row of a query with no parameters, as text.
    func text(_ sql: String) throws -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// The first column of the first row of a query with no parameters, as an integer.
    func int64(_ sql: String) throws -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(0) : nil
    }

    func error() -> RawSQLiteError {
        RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A prepared statement: bind, step, read columns, reset.
final class RawStatement {
    let handle: OpaquePointer
    private let database: RawDatabase

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    fileprivate init(handle: OpaquePointer, database: RawDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }
    func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }
    func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }

    func bind(_ value: String, at index: Int32) {
        sqlite3_bind_text(handle, index, value, -1, Self.transient)
    }

    func bind(_ uuid: UUID, at index: Int32) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, 16, Self.transient)
        }
    }

    /// Steps once: true when a row is ready, false when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error()
        }
    }

    /// Runs a statement that returns no row, then resets it for the next bindings.
    func run() throws {
        defer { sqlite3_reset(handle) }
        _ = try step()
    }

    func reset() { sqlite3_reset(handle) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func text(_ column: Int32) -> String? { sqlite3_column_text(handle, column).map { String(cString: $0) } }

    func uuid(_ column: Int32) -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if let blob = sqlite3_column_blob(handle, column), sqlite3_column_bytes(handle, column) == 16 {
            withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: UnsafeRawBufferPointer(start: blob, count: 16)) }
        }
        return UUID(uuid: bytes)
    }
}

struct RawSQLiteError: Error, CustomStringConvertible {
    let message: String
    var description: String { "SQLite: \(message)" }
}
