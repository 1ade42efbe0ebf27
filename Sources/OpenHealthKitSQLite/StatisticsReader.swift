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

    /// The rows of samples with one value, merged by start date with the quantities of series samples, each of which
    /// counts as a sample of its own (its dates and value tested by the query's date and value conditions, the rest
    /// by its sample's): statistics over a series give the same figures as over its quantities saved one by one.
    func forEachValue(_ query: RowQuery, sources: ([SourceRow]) throws -> Void, _ body: (ValueRow) throws -> Void)
        throws
    {
        let list = try sourcesByFirstSample(query)
        try sources(list.map(\.row))
        try forEachValue(query, list: list, body)
    }

    /// As ``forEachValue(_:sources:_:)`` with the sources listed already (``sourcesByFirstSample(_:)`` of the query's
    /// types, in this transaction): each value's source is its index in `list`.
    func forEachValue(_ query: RowQuery, list: [(id: Int64, row: SourceRow)], _ body: (ValueRow) throws -> Void)
        throws
    {
        let reader = RowReader(db)
        guard let (whereSQL, arguments) = try reader.filter(query) else { return }
        // The joins are those RowReader's conditions may name; SQLite drops the ones a query does not use.
        let joins = """
            LEFT JOIN source so ON so.id = s.source_id
            LEFT JOIN source_revision r ON r.id = s.source_revision_id
            LEFT JOIN device d ON d.id = s.device_id
            LEFT JOIN sample p ON p.id = s.correlation_id
            LEFT JOIN workout w ON w.sample_id = s.id
            """
        // Without any series in the store (most stores), the plain read costs nothing more.
        let hasSeries = try holdsSeries()
        let samples = try ValueCursor(
            db,
            sql: """
                SELECT s.start_date, s.end_date, s.value, s.source_id FROM sample s
                \(joins)
                WHERE \(whereSQL) AND s.value IS NOT NULL
                \(hasSeries ? "AND NOT EXISTS (SELECT 1 FROM quantity_series q WHERE q.sample_id = s.id)" : "")
                ORDER BY s.start_date, s.id
                """, arguments: arguments)
        var quantities: ValueCursor?
        if hasSeries, let (seriesWhere, seriesArguments) = try reader.filter(query, datesAndValues: "v") {
            quantities = try ValueCursor(
                db,
                sql: """
                    SELECT v.start_date, v.end_date, v.value, s.source_id FROM quantity_series_value v
                    JOIN sample s ON s.id = v.sample_id
                    \(joins)
                    WHERE \(seriesWhere)
                    ORDER BY v.start_date, s.id
                    """, arguments: seriesArguments)
        }
        let indexByID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0.element.id, $0.offset) })
        var lastID: Int64 = -1
        var lastIndex = 0
        var sample = try samples.next(), quantity = try quantities?.next()
        while let next = Self.earlier(sample, quantity) {
            if next.isSample { sample = try samples.next() } else { quantity = try quantities?.next() }
            let (row, sourceID) = next.value
            if sourceID != lastID {
                // A source that stored its first sample of the type after the list was read cannot appear: one snapshot.
                guard let index = indexByID[sourceID] else { continue }
                lastID = sourceID
                lastIndex = index
            }
            var valueRow = row
            valueRow.source = lastIndex
            try body(valueRow)
        }
    }

    /// Whether the store holds any quantity series.
    func holdsSeries() throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM quantity_series)") == true
    }

    /// The one of the two next rows that starts first (the sample's on a tie), and which one it is.
    private static func earlier(_ sample: (ValueRow, Int64)?, _ quantity: (ValueRow, Int64)?)
        -> (value: (ValueRow, Int64), isSample: Bool)?
    {
        switch (sample, quantity) {
        case (let sample?, let quantity?):
            return quantity.0.start < sample.0.start ? (quantity, false) : (sample, true)
        case (let sample?, nil): return (sample, true)
        case (nil, let quantity?): return (quantity, false)
        case (nil, nil): return nil
        }
    }

    /// The visible sources that stored samples of the query's types, in the order of their first stored sample (its
    /// row id): one probe of the (source_id, type_id) index per source.
    func sourcesByFirstSample(_ query: RowQuery) throws -> [(id: Int64, row: SourceRow)] {
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

/// A statement of four columns (start, end, value, source id) stepped by hand, never building a GRDB `Row`.
private struct ValueCursor {
    let db: Database
    let statement: Statement

    init(_ db: Database, sql: String, arguments: [(any DatabaseValueConvertible)?]) throws {
        self.db = db
        statement = try db.makeStatement(sql: sql)
        try statement.setArguments(StatementArguments(arguments))
    }

    /// The next row (its source as a row id, the ValueRow's own source left at 0), or nil at the end.
    func next() throws -> (ValueRow, Int64)? {
        let handle = statement.sqliteStatement
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        return (
            ValueRow(
                start: sqlite3_column_double(handle, 0), end: sqlite3_column_double(handle, 1),
                value: sqlite3_column_double(handle, 2), source: 0),
            sqlite3_column_int64(handle, 3)
        )
    }
}
