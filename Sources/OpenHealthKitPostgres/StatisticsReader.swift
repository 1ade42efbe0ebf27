import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// The lean read path of statistics: a range scan of the (user, type, start_date) index read through a cursor, four
/// numbers per row, never a `SampleRow`.
struct StatisticsReader {
    let session: Session
    let user: Int64
    let catalog: TypeCatalog

    init(_ session: Session, user: Int64, catalog: TypeCatalog) {
        self.session = session
        self.user = user
        self.catalog = catalog
    }

    /// See ``Storage/forEachValue(_:sources:_:)``; runs inside the caller's snapshot. The quantities of series samples
    /// count as samples of their own (their dates and value tested by the query's date and value conditions, the rest
    /// by their sample's), merged by start date with the samples of one value: statistics over a series give the same
    /// figures as over its quantities saved one by one (the SQLite storage merges two cursors; here one statement
    /// reads both sides, `UNION ALL`, in that order).
    func forEachValue(_ query: RowQuery, sources: ([SourceRow]) throws -> Void, _ body: (ValueRow) throws -> Void)
        throws
    {
        let list = try sourcesByFirstSample(query)
        try sources(list.map(\.row))
        try forEachValue(query, list: list, body)
    }

    /// As ``forEachValue(_:sources:_:)`` with the sources listed already (``sourcesByFirstSample(_:)`` of the query's
    /// types, in this snapshot or transaction): each value's source is its index in `list`.
    func forEachValue(_ query: RowQuery, list: [(id: Int64, row: SourceRow)], _ body: (ValueRow) throws -> Void)
        throws
    {
        let reader = RowReader(session, user: user, catalog: catalog)
        var binds = Binds()
        guard let whereSQL = try reader.filter(query, &binds) else { return }
        // Every join LEFT, so that PostgreSQL drops the ones a query's conditions do not name.
        let joins = """
            LEFT JOIN source so ON so.user_id = s.user_id AND so.id = s.source_id
            LEFT JOIN source_revision r ON r.user_id = s.user_id AND r.id = s.source_revision_id
            LEFT JOIN device d ON d.user_id = s.user_id AND d.id = s.device_id
            LEFT JOIN sample p ON p.user_id = s.user_id AND p.id = s.correlation_id
            LEFT JOIN workout w ON w.user_id = s.user_id AND w.sample_id = s.id
            """
        let sql: String
        // Without any series in the user's store (most stores), the plain read costs nothing more.
        if try holdsSeries() {
            guard let seriesWhere = try reader.filter(query, &binds, datesAndValues: "v") else { return }
            sql = """
                SELECT start_date, end_date, value, source_id FROM (
                    SELECT s.start_date, s.end_date, s.value, s.source_id, 0 AS part, s.id FROM sample s
                    \(joins)
                    WHERE \(whereSQL) AND s.value IS NOT NULL
                      AND NOT EXISTS (SELECT 1 FROM quantity_series q WHERE q.user_id = s.user_id AND q.sample_id = s.id)
                    UNION ALL
                    SELECT v.start_date, v.end_date, v.value, s.source_id, 1 AS part, s.id FROM quantity_series_value v
                    JOIN sample s ON s.user_id = v.user_id AND s.id = v.sample_id
                    \(joins)
                    WHERE \(seriesWhere)) AS merged
                ORDER BY start_date, part, id
                """
        } else {
            sql = """
                SELECT s.start_date, s.end_date, s.value, s.source_id FROM sample s
                \(joins)
                WHERE \(whereSQL) AND s.value IS NOT NULL
                ORDER BY s.start_date, s.id
                """
        }
        let indexByID = Dictionary(uniqueKeysWithValues: list.enumerated().map { ($0.element.id, $0.offset) })
        var lastID: Int64 = -1
        var lastIndex = 0
        try session.forEachRow(sql, binds.bindings, batch: 10_000) { row in
            let (start, end, value, sourceID) = try row.decode((Double, Double, Double, Int64).self)
            if sourceID != lastID {
                // A source that stored its first sample after the list was read cannot appear: one snapshot.
                guard let index = indexByID[sourceID] else { return }
                lastID = sourceID
                lastIndex = index
            }
            try body(ValueRow(start: start, end: end, value: value, source: lastIndex))
        }
    }

    /// Whether the user's store holds any quantity series.
    func holdsSeries() throws -> Bool {
        var binds = Binds()
        let user = binds.add(user)
        return try session.query(
            "SELECT EXISTS (SELECT 1 FROM quantity_series WHERE user_id = \(user))", binds.bindings
        ).first?.decode(Bool.self) ?? false
    }

    /// The visible sources that stored samples of the query's types, in the order of their first stored sample (its
    /// row id): one probe of the (user, source, type, id) index per source and type.
    func sourcesByFirstSample(_ query: RowQuery) throws -> [(id: Int64, row: SourceRow)] {
        var binds = Binds()
        let user = binds.add(user)
        var typeFilter = ""
        if !query.typeIdentifiers.isEmpty {
            let typeIDs = try catalog.lookUp(query.typeIdentifiers, session)
            guard !typeIDs.isEmpty else { return [] }
            typeFilter = " AND s.type_id \(RowReader.oneOf(typeIDs, &binds))"
        }
        var sql = """
            SELECT id, bundle_identifier, name FROM (
                SELECT so.id, so.bundle_identifier, so.name,
                       (SELECT min(s.id) FROM sample s
                        WHERE s.user_id = so.user_id AND s.source_id = so.id\(typeFilter)) AS first_sample
                FROM source so WHERE so.user_id = \(user)) AS firsts
            WHERE first_sample IS NOT NULL
            """
        if let visible = query.visibleSources {
            guard !visible.isEmpty else { return [] }
            sql += " AND bundle_identifier = ANY(\(binds.add(Array(visible)))::text[])"
        }
        sql += " ORDER BY first_sample"
        return try session.query(sql, binds.bindings).map {
            let (id, bundle, name) = try $0.decode((Int64, String, String).self)
            return (id: id, row: SourceRow(bundleIdentifier: bundle, name: name))
        }
    }
}
