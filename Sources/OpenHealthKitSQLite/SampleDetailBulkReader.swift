import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

/// Reads the bulk points of samples (a quantity series' values, a heartbeat series' beats, an electrocardiogram's
/// leads) by sample row, on the caller's connection: for ``SampleDetailStorage`` and the export's records.
struct SampleDetailBulkReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The row id of the sample with this UUID.
    func sampleID(_ uuid: UUID) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM sample WHERE uuid = ?"), arguments: [uuid.blob])
    }

    /// Steps through a series' values by start date, reading three numbers a row without building a GRDB `Row`: a day
    /// of 1 Hz data is 86,400 of them.
    func forEachValue(ofSample id: Int64, _ body: (QuantitySeriesValueRow) throws -> Void) throws {
        let statement = try db.cachedStatement(
            sql: "SELECT start_date, end_date, value FROM quantity_series_value WHERE sample_id = ? ORDER BY start_date"
        )
        try statement.setArguments([id])
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try body(
                QuantitySeriesValueRow(
                    start: sqlite3_column_double(handle, 0), end: sqlite3_column_double(handle, 1),
                    value: sqlite3_column_double(handle, 2)))
        }
    }

    /// A heartbeat series' beats, in the order written.
    func beats(ofSample id: Int64) throws -> [HeartbeatSeriesBeatRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT time_since_start, preceded_by_gap FROM heartbeat_series_beat WHERE sample_id = ?
                    ORDER BY position
                    """), arguments: [id]
        ).map { HeartbeatSeriesBeatRow(timeSinceStart: $0[0], precededByGap: $0[1]) }
    }

    /// The type identifiers of the symptom samples associated with an electrocardiogram, sorted.
    func symptomTypes(ofSample id: Int64) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT DISTINCT t.identifier FROM electrocardiogram_symptom es
                    JOIN sample s ON s.id = es.symptom_id JOIN object_type t ON t.id = s.type_id
                    WHERE es.electrocardiogram_id = ? ORDER BY t.identifier
                    """), arguments: [id])
    }

    /// An electrocardiogram's leads, by lead.
    func leads(ofSample id: Int64) throws -> [ElectrocardiogramLeadRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT lead, microvolts FROM electrocardiogram_lead WHERE sample_id = ? ORDER BY lead"),
            arguments: [id]
        ).map { ElectrocardiogramLeadRow(lead: $0[0], microvolts: VoltageBlob.decode($0[1])) }
    }
}
