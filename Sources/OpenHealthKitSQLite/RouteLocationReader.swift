import Foundation
import GRDB
import OpenHealthKitEngine

/// Reads a route's locations (`route_location`) in time order, inside the caller's read: for the route query, a page
/// at a time, and for an export, all of them.
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
        var sql = """
            SELECT l.timestamp, l.latitude, l.longitude, l.altitude, l.horizontal_accuracy, l.vertical_accuracy,
                   l.course, l.speed, l.course_accuracy, l.speed_accuracy
            FROM route_location l WHERE l.sample_id = (SELECT id FROM sample WHERE uuid = ?)
            """
        var arguments: [(any DatabaseValueConvertible)?] = [route.blob]
        if let interval {
            sql += " AND l.timestamp BETWEEN ? AND ?"
            arguments += [interval.lowerBound, interval.upperBound]
        }
        sql += " ORDER BY l.timestamp, l.rowid LIMIT ? OFFSET ?"
        arguments += [limit.map { Int64(max(0, $0)) } ?? -1, Int64(max(0, offset))]
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
            RouteLocationRow(
                routeUUID: route, timestamp: row[0], latitude: row[1], longitude: row[2], altitude: row[3],
                horizontalAccuracy: row[4], verticalAccuracy: row[5], course: row[6], speed: row[7],
                courseAccuracy: row[8], speedAccuracy: row[9])
        }
    }
}
