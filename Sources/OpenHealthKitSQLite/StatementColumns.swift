import Foundation
import GRDB
import GRDBSQLite

/// The columns of the row a statement stands on, read straight from SQLite: no GRDB `Row`, no `DatabaseValue`, no
/// `Data` for a blob. Valid until the statement steps again.
struct StatementColumns {
    let statement: SQLiteStatement

    init(_ statement: SQLiteStatement) {
        self.statement = statement
    }

    func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// The integer (0 for NULL).
    func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    func int64OrNil(_ index: Int32) -> Int64? {
        isNull(index) ? nil : sqlite3_column_int64(statement, index)
    }

    /// The floating-point value (0 for NULL): for a column that cannot be NULL, read without asking its type.
    func real(_ index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }

    func double(_ index: Int32) -> Double? {
        isNull(index) ? nil : sqlite3_column_double(statement, index)
    }

    func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A UUID stored as its 16 bytes; nil for NULL or a blob of another length.
    func uuid(_ index: Int32) -> UUID? {
        guard let bytes = sqlite3_column_blob(statement, index), sqlite3_column_bytes(statement, index) == 16 else {
            return nil
        }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: 16)) }
        return UUID(uuid: value)
    }
}

extension Database {
    /// Steps `statement`, its arguments set, through its rows, calling `body` on each; resets it after.
    func forEachRow(_ statement: Statement, _ body: (SQLiteStatement) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while try step(handle) { try body(handle) }
    }

    /// Steps a statement: true on a row, false when done; throws SQLite's error otherwise.
    func step(_ statement: SQLiteStatement) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)))
        }
    }
}
