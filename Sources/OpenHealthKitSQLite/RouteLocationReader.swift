import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// Reads a route's locations (`route_location`) in time order, inside the caller's read: for the route query, a page
/// at a time, and for an export, all of them. A long run holds tens of thousands of locations, so the rows are read
/// straight off the prepared statement, ten doubles each, without a row object per location.
struct RouteLocationReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The locations of the route with this UUID ordered by timestamp (ties: as inserted), those in `interval` only
    /// when given, skipping `offset` and at most `limit` of them (nil: all).
    func locations(
        of route: UUID, in interval: ClosedRange<Double>? = nil, offset: Int = 0, limit: Int? = nil
    ) throws -> [RouteLocationRow] {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [route.blob])
        else { return [] }
        var sql = """
            SELECT timestamp, latitude, longitude, altitude, horizontal_accuracy, vertical_accuracy, course, speed,
                   course_accuracy, speed_accuracy
            FROM route_location WHERE sample_id = ?
            """
        if interval != nil { sql += " AND timestamp BETWEEN ? AND ?" }
        sql += " ORDER BY timestamp, rowid LIMIT ? OFFSET ?"
        let statement = try db.makeStatement(sql: sql)
        let sqlite = statement.sqliteStatement
        var index: Int32 = 1
        sqlite3_bind_int64(sqlite, index, id)
        if let interval {
            sqlite3_bind_double(sqlite, 2, interval.lowerBound)
            sqlite3_bind_double(sqlite, 3, interval.upperBound)
            index = 3
        }
        sqlite3_bind_int64(sqlite, index + 1, limit.map { Int64(max(0, $0)) } ?? -1)
        sqlite3_bind_int64(sqlite, index + 2, Int64(max(0, offset)))
        defer { sqlite3_reset(sqlite) }
        func value(_ column: Int32) -> Double? {
            sqlite3_column_type(sqlite, column) == SQLITE_NULL ? nil : sqlite3_column_double(sqlite, column)
        }
        var rows: [RouteLocationRow] = []
        rows.reserveCapacity(limit ?? 0)
        while true {
            let code = sqlite3_step(sqlite)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                return rows
            }
            rows.append(
                RouteLocationRow(
                    routeUUID: route, timestamp: sqlite3_column_double(sqlite, 0),
                    latitude: sqlite3_column_double(sqlite, 1), longitude: sqlite3_column_double(sqlite, 2),
                    altitude: value(3), horizontalAccuracy: value(4), verticalAccuracy: value(5), course: value(6),
                    speed: value(7), courseAccuracy: value(8), speedAccuracy: value(9)))
        }
    }
}
