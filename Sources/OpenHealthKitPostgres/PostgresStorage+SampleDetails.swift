package import Foundation
import NIOCore
package import OpenHealthKitEngine
import PostgresNIO

extension PostgresStorage: SampleDetailStorage {
    /// Through a cursor in one snapshot, a batch at a time: a day of 1 Hz data is 86,400 quantities.
    package func forEachQuantitySeriesValue(ofSample uuid: UUID, _ body: (QuantitySeriesValueRow) throws -> Void)
        throws
    {
        try snapshot { session in
            var binds = Binds()
            let user = binds.add(user), uuid = binds.add(uuid)
            try session.forEachRow(
                """
                SELECT v.start_date, v.end_date, v.value FROM quantity_series_value v
                JOIN sample s ON s.user_id = v.user_id AND s.id = v.sample_id
                WHERE s.user_id = \(user) AND s.uuid = \(uuid) ORDER BY v.start_date
                """, binds.bindings, batch: 10_000
            ) { row in
                let (start, end, value) = try row.decode((Double, Double, Double).self)
                try body(QuantitySeriesValueRow(start: start, end: end, value: value))
            }
        }
    }

    package func heartbeatSeriesBeats(of uuid: UUID) throws -> [HeartbeatSeriesBeatRow] {
        try rows(
            of: uuid, "SELECT c.time_since_start, c.preceded_by_gap FROM heartbeat_series_beat c", order: "position"
        ) { row in
            let (time, gap) = try row.decode((Double, Bool).self)
            return HeartbeatSeriesBeatRow(timeSinceStart: time, precededByGap: gap)
        }
    }

    package func electrocardiogramLeads(of uuid: UUID) throws -> [ElectrocardiogramLeadRow] {
        try rows(of: uuid, "SELECT c.lead, c.microvolts FROM electrocardiogram_lead c", order: "lead") { row in
            let (lead, microvolts) = try row.decode((Int64, ByteBuffer).self)
            return ElectrocardiogramLeadRow(
                lead: Int(lead), microvolts: VoltageBlob.decode(Data(microvolts.readableBytesView)))
        }
    }

    /// The rows `select` (`SELECT c.… FROM table c`) reads of the sample with this UUID, by `order`.
    private func rows<Row>(of uuid: UUID, _ select: String, order: String, _ make: (PostgresRow) throws -> Row) throws
        -> [Row]
    {
        try session { session in
            var binds = Binds()
            let user = binds.add(user), uuid = binds.add(uuid)
            return try session.query(
                """
                \(select) JOIN sample s ON s.user_id = c.user_id AND s.id = c.sample_id
                WHERE s.user_id = \(user) AND s.uuid = \(uuid) ORDER BY c.\(order)
                """, binds.bindings
            ).map(make)
        }
    }
}
