import GRDB
import GRDBSQLite

extension Database {
    /// Runs a prepared statement that returns no row, and resets it for the next binding.
    func stepToDone(_ statement: SQLiteStatement) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)))
        }
    }
}
