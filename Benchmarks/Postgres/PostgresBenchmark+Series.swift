import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import PostgresNIO

extension PostgresBenchmark {
    /// A day of 1 Hz heart rate (86,400 quantities) saved as one series with `HKQuantitySeriesSampleBuilder` on
    /// PostgreSQL, then read back whole with `HKQuantitySeriesSampleQuery`, each beside raw postgres-nio SQL doing the
    /// same on its own database (the sample row, its summary and one `INSERT ... SELECT FROM unnest(...)` of the
    /// quantities; one `SELECT` of them), and beside the SQLite store.
    func seriesPart(_ databases: Databases, _ scratch: ScratchDirectory) async throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let unit = HKUnit.count().unitDivided(by: .minute())
        let values = (0..<quantities).map { (second: Int) -> Double in
            let wave = Double((second * 7) % 60), tenths = Double(second % 10) / 10
            return 60 + wave + tenths
        }
        var saves: [[Timing]] = [[], [], []], reads: [[Timing]] = [[], [], []]
        for round in 1...seriesRounds {
            let oursDatabase = try databases.make(), rawDatabase = try databases.make()
            let stores = [
                try await Self.authorizedHealthStore(oursDatabase),
                try await BenchStore.authorizedHealthStore(path: scratch.path("series-\(round).sqlite")),
            ]
            var samples: [HKQuantitySample] = []
            for (index, store) in stores.enumerated() {
                var sample: HKQuantitySample?
                saves[index == 0 ? 0 : 2].append(
                    try await Measure.time {
                        let builder = HKQuantitySeriesSampleBuilder(
                            healthStore: store, quantityType: HeartRateSeries.type, startDate: start, device: nil)
                        for (second, value) in values.enumerated() {
                            try builder.insert(
                                HKQuantity(unit: unit, doubleValue: value), at: start.addingTimeInterval(Double(second))
                            )
                        }
                        sample = try await builder.finishSeries(metadata: nil).first
                    })
                guard let sample else { throw ValidationError("the builder saved no sample") }
                samples.append(sample)
            }
            _ = try PostgresStorage(address: rawDatabase)  // the store's schema, by its own migrations
            let raw = try RawPostgres(rawDatabase)
            let uuid = UUID()
            let canonical = values.map { $0 / 60 }  // count/s, heart rate's canonical unit
            saves[1].append(try Measure.time { try raw.insertSeries(uuid: uuid, start: start, values: canonical) })
            var totals: [Double] = []
            for (index, store) in stores.enumerated() {
                var total = 0.0
                let time = try await Measure.time {
                    total = try await SeriesBenchmark.query(store, samples[index], HeartRateSeries.type.canonicalUnit)
                }
                reads[index == 0 ? 0 : 2].append(time)
                totals.append(total)
            }
            var rawTotal = 0.0
            reads[1].append(try Measure.time { rawTotal = try raw.sumSeries(uuid: uuid) })
            guard totals.allSatisfy({ abs($0 - rawTotal) < 1e-6 * rawTotal }) else {
                throw ValidationError("read \(totals) through the stores, \(rawTotal) with raw SQL")
            }
        }
        var table = Table(
            "a series of \(Format.count(Double(quantities))) quantities (medians of \(seriesRounds))",
            "PostgreSQL store", "raw SQL", "ours/raw", "SQLite store")
        for (label, timings) in [("save (builder)", saves), ("read (HKQuantitySeriesSampleQuery)", reads)] {
            let medians = timings.map(Measure.median)
            for (metric, value) in Timing.metrics {
                table.add(
                    "\(label) \(metric)", Format.milliseconds(medians[0][keyPath: value]),
                    Format.milliseconds(medians[1][keyPath: value]),
                    Format.ratio(medians[0][keyPath: value] / medians[1][keyPath: value]),
                    Format.milliseconds(medians[2][keyPath: value]))
            }
        }
        print(table.render())
    }
}

extension RawPostgres {
    /// A series as the store's schema holds it: its sample row (one transaction, as ``insertHeartRates(_:chunk:)``
    /// writes it), then its summary and every quantity, one a second from `start`, each at its instant (as
    /// `HKQuantitySeriesSampleBuilder.insert(_:at:)` writes them), in a second transaction.
    func insertSeries(uuid: UUID, start: Date, values: [Double]) throws {
        let first = start.timeIntervalSince1970
        let end = first + Double(values.count - 1)
        try insertHeartRates(
            [RawSample(uuid: uuid, start: first, end: end, value: values.reduce(0, +) / Double(values.count))])
        try query("BEGIN")
        let id = try query("SELECT id FROM sample WHERE user_id = 1 AND uuid = $1", [uuid])[0].decode(Int64.self)
        try query(
            """
            INSERT INTO quantity_series (user_id, sample_id, count, minimum, maximum, most_recent, most_recent_start,
                                         most_recent_end)
            VALUES (1, $1, $2, $3, $4, $5, $6, $7)
            """,
            [
                id, Int64(values.count), values.min() ?? 0, values.max() ?? 0, values.last ?? 0, end, end,
            ])
        let starts = values.indices.map { first + Double($0) }
        try query(
            """
            INSERT INTO quantity_series_value (user_id, sample_id, start_date, end_date, value)
            SELECT 1, $1, r.start_date, r.start_date, r.value FROM unnest($2::float8[], $3::float8[])
                AS r(start_date, value)
            """, [id, starts, values])
        try query("COMMIT")
    }

    /// Each quantity and its interval's length, summed, read with one `SELECT`.
    func sumSeries(uuid: UUID) throws -> Double {
        try query(
            """
            SELECT v.start_date, v.end_date, v.value FROM quantity_series_value v
            JOIN sample s ON s.user_id = v.user_id AND s.id = v.sample_id
            WHERE s.user_id = 1 AND s.uuid = $1 ORDER BY v.start_date
            """, [uuid]
        ).reduce(0) { total, row in
            let (start, end, value) = try row.decode((Double, Double, Double).self)
            return total + value + (end - start)
        }
    }
}
