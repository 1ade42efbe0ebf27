import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// The lean read path of statistics: a range scan of the (type, start_date) index that steps the statement by hand
/// and reads four numbers per row, never building a `SampleRow`.
struct StatisticsReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    func forEachValue(_ query: RowQuery, sources: ([SourceRow]) throws -> Void, _ body: (ValueRow) throws -> Void)
        throws
    {
        let list = try sourcesByFirstSample(query)
        try sources(list.map(\.row))
        guard let (whereSQL, arguments) = try RowReader(db).filter(query) else { return }
        // The joins are those RowReader's conditions may name; SQLite drops the ones a query does not use.
        let sql = """
            SELECT s.start_date, s.end_date, s.value, s.source_id FROM sample s
            LEFT JOIN source so ON so.id = s.source_id
            LEFT JOIN source_revision r ON r.id = s.source_revision_id
            LEFT JOIN device d ON d.id = s.device_id
            LEFT JOIN sample p ON p.id = s.correlation_id
            LEFT JOIN workout w ON w.sample_id = s.id
            WHERE \(whereSQL) AND s.value IS NOT NULL
            ORDER BY s.start_date, s.id
            """
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments))
        let indexByID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0.element.id, $0.offset) })
        let handle = statement.sqliteStatement
        var lastID: Int64 = -1
        var lastIndex = 0
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let sourceID = sqlite3_column_int64(handle, 3)
            if sourceID != lastID {
                // A source that stored its first sample of the type after the list was read cannot appear: one snapshot.
                guard let index = indexByID[sourceID] else { continue }
                lastID = sourceID
                lastIndex = index
            }
            try body(
                ValueRow(
                    start: sqlite3_column_double(handle, 0), end: sqlite3_column_double(handle, 1),
                    value: sqlite3_column_double(handle, 2), source: lastIndex))
        }
    }

    /// The visible sources that stored samples of the query's types, in the order of their first stored sample (its
    /// row id): one probe of the (source_id, type_id) index per source.
    private func sourcesByFirstSample(_ query: RowQuery) throws -> [(id: Int64, row: SourceRow)] {
        var typeFilter = ""
        if !query.typeIdentifiers.isEmpty {
            let typeIDs = try query.typeIdentifiers.compactMap { try IdentifierCache.typeID($0, in: db, create: false) }
            guard !typeIDs.isEmpty else { return [] }
            typeFilter = " AND s.type_id IN (" + typeIDs.map(String.init).joined(separator: ", ") + ")"
        }
        var sql = """
            SELECT id, bundle_identifier, name FROM (
                SELECT so.id, so.bundle_identifier, so.name,
                       (SELECT min(s.id) FROM sample s WHERE s.source_id = so.id\(typeFilter)) AS first_sample
                FROM source so)
            WHERE first_sample IS NOT NULL
            """
        var arguments: [String] = []
        if let visible = query.visibleSources {
            guard !visible.isEmpty else { return [] }
            sql += " AND bundle_identifier IN (" + visible.map { _ in "?" }.joined(separator: ", ") + ")"
            arguments = Array(visible)
        }
        sql += " ORDER BY first_sample"
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map {
            (id: $0[0], row: SourceRow(bundleIdentifier: $0[1], name: $0[2]))
        }
    }
}
