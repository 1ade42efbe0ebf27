import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// `ohk-bench series`: a day of 1 Hz heart rate (86,400 quantities) saved as one series with
/// `HKQuantitySeriesSampleBuilder`, then read back whole with `HKQuantitySeriesSampleQuery` (each quantity handed to
/// the handler as an `HKQuantity` and a `DateInterval`) and its descriptor, beside the same values read with a raw
/// prepared statement on the same database file, in the same run.
struct SeriesBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "series",
        abstract: "A day of 1 Hz quantities: HKQuantitySeriesSampleQuery versus raw SQL on the same file.")

    @Option(help: "Quantities in the series, one a second.")
    var quantities = 86_400

    @Option(help: "Timed runs of each read (after one warm-up); the table shows medians.")
    var repeats = 15

    /// The baseline: the series' rows by start date, three numbers each, from its sample's UUID.
    static let rawSQL = """
        SELECT start_date, end_date, value FROM quantity_series_value
        WHERE sample_id = (SELECT id FROM sample WHERE uuid = ?) ORDER BY start_date
        """

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("series.sqlite")
        let store = try await BenchStore.authorizedHealthStore(path: path)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let unit = HKUnit.count().unitDivided(by: .minute())
        // Heart rate is stored in its canonical count/s: both reads use that unit, so neither converts.
        let canonical = HeartRateSeries.type.canonicalUnit
        var sample: HKQuantitySample?
        let save = try await Measure.time {
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: HeartRateSeries.type, startDate: start, device: nil)
            for second in 0..<quantities {
                let value = 60 + Double((second * 7) % 60) + Double(second % 10) / 10
                try builder.insert(
                    HKQuantity(unit: unit, doubleValue: value), at: start.addingTimeInterval(Double(second)))
            }
            sample = try await builder.finishSeries(metadata: nil).first
        }
        guard let sample else { throw ValidationError("the builder saved no sample") }
        print(
            "saved a series of \(Format.count(Double(quantities))) quantities with HKQuantitySeriesSampleBuilder in "
                + "\(Format.seconds(save.wall)); the database and its WAL: "
                + String(format: "%.1f MB", Double(fileSize(path) + fileSize(path + "-wal")) / 1_048_576))

        let raw = try BenchStore.rawConnection(path: path)
        let statement = try raw.prepare(Self.rawSQL)
        var query: [Timing] = [], descriptor: [Timing] = [], rawTimes: [Timing] = []
        for run in 0...repeats {
            var queryTotal = 0.0, descriptorTotal = 0.0, rawTotal = 0.0
            let queryTime = try await Measure.time { queryTotal = try await Self.query(store, sample, canonical) }
            let descriptorTime = try await Measure.time {
                let series = HKQuantitySeriesSampleQueryDescriptor(
                    predicate: .quantitySample(
                        type: HeartRateSeries.type, predicate: HKQuery.predicateForObject(with: sample.uuid)),
                    options: [])
                for try await result in series.results(for: store) {
                    descriptorTotal += result.quantity.doubleValue(for: canonical) + result.dateInterval.duration
                }
            }
            let rawTime = try Measure.time { rawTotal = try Self.rawQuery(statement, sample.uuid) }
            guard abs(queryTotal - rawTotal) < 1e-6 * rawTotal, abs(descriptorTotal - rawTotal) < 1e-6 * rawTotal else {
                throw ValidationError(
                    "read \(queryTotal) (query), \(descriptorTotal) (descriptor), \(rawTotal) (raw SQL)")
            }
            guard run > 0 else { continue }  // warm-up
            query.append(queryTime)
            descriptor.append(descriptorTime)
            rawTimes.append(rawTime)
        }
        let medians = (
            query: Measure.median(query), descriptor: Measure.median(descriptor), raw: Measure.median(rawTimes)
        )
        var table = Table(
            "read of \(Format.count(Double(quantities))) quantities (medians)", "HKQuantitySeriesSampleQuery",
            "descriptor", "raw SQL", "query/raw", "descriptor/raw")
        for (metric, value) in Timing.metrics {
            let (ours, async, baseline) = (
                medians.query[keyPath: value], medians.descriptor[keyPath: value], medians.raw[keyPath: value]
            )
            table.add(
                metric, Format.milliseconds(ours), Format.milliseconds(async), Format.milliseconds(baseline),
                Format.ratio(ours / baseline), Format.ratio(async / baseline))
        }
        print(table.render())
    }

    /// Runs the query over the series and sums each quantity (in `unit`) and its interval's length, as a reader would
    /// use them (on any store: `ohk-bench postgres` reads its series so too).
    static func query(_ store: HKHealthStore, _ sample: HKQuantitySample, _ unit: HKUnit) async throws -> Double {
        try await withCheckedThrowingContinuation { continuation in
            let total = Locked(0.0)
            store.execute(
                HKQuantitySeriesSampleQuery(
                    quantityType: HeartRateSeries.type, predicate: HKQuery.predicateForObject(with: sample.uuid)
                ) { _, quantity, interval, _, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    if let quantity, let interval {
                        total.withLock { $0 += quantity.doubleValue(for: unit) + interval.duration }
                    }
                    if done { continuation.resume(returning: total.withLock { $0 }) }
                })
        }
    }

    /// The same values through a raw prepared statement: each row's value (in the canonical unit) and interval
    /// length, summed.
    private static func rawQuery(_ statement: RawStatement, _ uuid: UUID) throws -> Double {
        defer { statement.reset() }
        statement.bind(uuid, at: 1)
        var total = 0.0
        while try statement.step() {
            total += statement.double(2) + (statement.double(1) - statement.double(0))
        }
        return total
    }

    /// A file's size in bytes; 0 when there is no such file.
    private func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
    }
}
