import Foundation

/// A sample row as the raw baselines read it: the columns of `SELECT uuid, start_date, end_date, value, source_id,
/// source_revision_id, anchor`, decoded into values.
struct RawRow {
    var uuid: UUID
    var start: Double
    var end: Double
    var value: Double
    var sourceID: Int64
    var revisionID: Int64
    var anchor: Int64

    init(_ statement: RawStatement) {
        uuid = statement.uuid(0)
        start = statement.double(1)
        end = statement.double(2)
        value = statement.double(3)
        sourceID = statement.int64(4)
        revisionID = statement.int64(5)
        anchor = statement.int64(6)
    }
}
