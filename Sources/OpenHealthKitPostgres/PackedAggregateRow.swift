import OpenHealthKitEngine
import PostgresNIO

/// An aggregate row read as one `bytea` cell instead of nineteen: PostgreSQL's send functions write each column in
/// its binary form (big-endian) and the reader takes them back in the same order.
///
/// Why: a statistics query reads thousands of bucket rows, and the protocol decoder's work is per cell (it walks
/// every cell of a `DataRow` on the event loop, then again as the row is read). Reading the randomized statistics
/// suite's rows cell by cell took over 60 % of its processor time on PostgreSQL; one cell per row makes that work
/// per row (docs/performance-log.md, "Statistics from the aggregates: one cell per row").
///
/// NULL columns: `first_start` is read as +infinity (what a row without one means), and a missing `tail_date` as NaN,
/// which no stored date is (sample dates are finite), so it reads back as no tail.
enum PackedAggregateRow {
    /// The select-list expression packing a row of `statistics_bucket` or `statistics_hour`.
    static let expression = """
        int8send(source_id) || int8send(bucket) || int4send(members) || int4send(spanning)
            || float8send(sum) || float8send(value_sum) || float8send(minimum) || float8send(maximum)
            || float8send(latest_start) || float8send(latest_end) || float8send(latest_value)
            || float8send(earliest_start) || float8send(latest_member_end) || float8send(weighted_sum)
            || float8send(weight) || float8send(coalesce(first_start, 'Infinity'))
            || float8send(coalesce(tail_date, 'NaN')) || float8send(tail_quantity) || int4send(tail_count)
        """

    /// The packed length: two 8-byte and two 4-byte integers, fourteen doubles, one 4-byte integer.
    private static let length = 2 * 8 + 2 * 4 + 14 * 8 + 4

    /// The source id of a packed row and the row itself (`source` still nil: the caller maps the id to its list).
    static func unpack(_ cell: ByteBuffer) throws -> (sourceID: Int64, row: AggregateRow) {
        guard cell.readableBytes == length else {
            throw PostgresFailure(
                sqlState: "XX000", message: "an aggregate row of \(cell.readableBytes) bytes, not \(length)")
        }
        return cell.withUnsafeReadableBytes { bytes in
            var offset = 0
            func integer<Value: FixedWidthInteger>(_: Value.Type) -> Value {
                defer { offset += MemoryLayout<Value>.size }
                return Value(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Value.self))
            }
            func double() -> Double { Double(bitPattern: integer(UInt64.self)) }
            let sourceID = integer(Int64.self), bucket = integer(Int64.self)
            let members = integer(Int32.self), spanning = integer(Int32.self)
            var row = AggregateRow(
                bucket: bucket, source: nil, members: Int(members), spanning: Int(spanning), sum: double(),
                valueSum: double(), minimum: double(), maximum: double(), latestStart: double(), latestEnd: double(),
                latestValue: double(), earliestStart: double(), latestMemberEnd: double(), weightedSum: double(),
                weight: double(), firstStart: double())
            let tailDate = double(), tailQuantity = double(), tailCount = integer(Int32.self)
            if !tailDate.isNaN { row.tail = HeldTail(date: tailDate, quantity: tailQuantity, count: Int(tailCount)) }
            return (sourceID, row)
        }
    }
}
