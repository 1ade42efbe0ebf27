import GRDB
import OpenHealthKitEngine

/// Notes the samples a writing transaction inserts or deletes in `statistics_dirty`, for
/// ``StatisticsAggregates/maintain()``: ``SampleInserter`` and ``SampleDeleter`` call it since `v15: statistics noted
/// by the writers` dropped the triggers that did.
///
/// Maintenance reads only which whole hours each noted sample touches (or that it cannot be bucketed), so a sample
/// touching the same hours of the same type as the one noted before it adds nothing: it is not written again. A save
/// of a day's readings notes about one row an hour instead of one per reading.
struct StatisticsDirtyNotes {
    private let statement: Statement
    private var last: (typeID: Int64, hours: ClosedRange<Int64>)?

    /// Nil in a migration before `v9: statistics aggregates` that writes samples (v9 notes every type).
    init?(_ db: Database) throws {
        guard try db.tableExists("statistics_dirty") else { return nil }
        statement = try db.cachedStatement(
            sql: "INSERT INTO statistics_dirty (type_id, start_date, end_date) VALUES (?, ?, ?)")
    }

    /// The sample of row id `id` is about to be deleted.
    static func noteDeleting(id: Int64, in db: Database) throws {
        guard try db.tableExists("statistics_dirty") else { return }
        try db.execute(
            sql: """
                INSERT INTO statistics_dirty (type_id, start_date, end_date)
                SELECT type_id, start_date, end_date FROM sample WHERE id = ?
                """,
            arguments: [id])
    }

    /// A sample of the type `typeID` from `start` to `end` was inserted.
    mutating func noteInserted(typeID: Int64, start: Double, end: Double) throws {
        let hours = StatisticsAggregation.touchedHours(start: start, end: end)
        if let hours, let last, last.typeID == typeID, last.hours == hours { return }
        try statement.execute(arguments: [typeID, start, end])
        last = hours.map { (typeID, $0) }
    }
}
