import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// `ohk-bench query`: an `HKSampleQuery` for one day of heart rate on stores of growing size, beside the same
/// range read with a raw prepared statement on the same database.
struct QueryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query", abstract: "One-day HKSampleQuery versus raw SQL, on stores of 1M and 10M samples.")

    @Option(parsing: .upToNextOption, help: "Store sizes, in samples (each store is built with raw inserts).")
    var sizes: [Int] = [1_000_000, 10_000_000]

    @Option(help: "Timed runs of each query per store (after one warm-up); the tables show medians.")
    var repeats = 40

    @Option(help: "Distinct days the runs cycle through, among the stores' last days.")
    var days = 20

    /// The baseline: the day's rows of the type, columns read into values.
    static let rawSQL = """
        SELECT uuid, start_date, end_date, value, source_id, source_revision_id, anchor
        FROM sample WHERE type_id = ? AND start_date >= ? AND start_date < ?
        """

    /// A store under test, with the raw baseline's prepared statement on the same file.
    private struct Subject {
        var size: Int
        var store: HKHealthStore
        /// A second engine on the file, called on the benchmark's own thread: the query without the queue hops.
        var engine: HealthEngine
        var statement: RawStatement
        var typeID: Int64
        var ours: [Timing] = []
        var engineTimes: [Timing] = []
        var raw: [Timing] = []
        var rowsPerDay = 0
    }

    func run() async throws {
        guard let smallest = sizes.min(), Double(smallest) >= Double(days + 1) * 1_440 else {
            throw ValidationError("every store must hold at least \(days + 1) days of samples")
        }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var subjects: [Subject] = []
        for size in sizes {
            let path = scratch.path("store-\(subjects.count).sqlite")
            let build = try BenchStore.buildWithRawInserts(path: path, series: HeartRateSeries(count: size))
            print(
                "store of \(Format.count(Double(size))) samples built with raw inserts in \(Format.seconds(build)); "
                    + "\(Format.count(Double(fileSize(path) ?? 0) / 1_048_576)) MB")
            let raw = try BenchStore.rawConnection(path: path)
            let typeID = try BenchStore.heartRateTypeID(in: raw)
            subjects.append(
                Subject(
                    size: size, store: try await BenchStore.authorizedHealthStore(path: path),
                    engine: HealthEngine(storage: try SQLiteStorage(path: path)),
                    statement: try raw.prepare(Self.rawSQL), typeID: typeID))
        }

        // The stores take turns within each run, so that a change in the machine's load affects them alike.
        for run in 0...repeats {
            let day = HeartRateSeries.dayInterval(daysBeforeEnd: run % days)
            for index in subjects.indices {
                var oursCount = 0
                let oursTime = try await Measure.time {
                    oursCount = try await Self.sampleQuery(subjects[index].store, day).count
                }
                var engineCount = 0
                let engineTime = try Measure.time {
                    engineCount = try subjects[index].engine.blocking {
                        try await $0.samples(
                            of: HeartRateSeries.type, predicate: PredicateCondition.tree(from: Self.predicate(day)),
                            as: BenchStore.principal)
                    }.count
                }
                var rawRows: [RawRow] = []
                let rawTime = try Measure.time {
                    rawRows = try Self.rawQuery(subjects[index].statement, typeID: subjects[index].typeID, day)
                }
                guard oursCount == rawRows.count, engineCount == rawRows.count else {
                    throw ValidationError(
                        "found \(oursCount) (query), \(engineCount) (engine), \(rawRows.count) (raw SQL) samples")
                }
                subjects[index].rowsPerDay = max(subjects[index].rowsPerDay, oursCount)
                guard run > 0 else { continue }  // warm-up
                subjects[index].ours.append(oursTime)
                subjects[index].engineTimes.append(engineTime)
                subjects[index].raw.append(rawTime)
            }
        }

        let medians = subjects.map {
            (
                size: $0.size, ours: Measure.median($0.ours), engine: Measure.median($0.engineTimes),
                raw: Measure.median($0.raw)
            )
        }
        for (metric, value) in Timing.metrics {
            var table = Table(
                "store (\(metric), medians)", "samples/day", "HKSampleQuery", "engine.samples", "raw SQL", "query/raw",
                "engine/raw")
            for (subject, median) in zip(subjects, medians) {
                let (ours, engine, raw) = (
                    median.ours[keyPath: value], median.engine[keyPath: value], median.raw[keyPath: value]
                )
                table.add(
                    Format.count(Double(subject.size)), String(subject.rowsPerDay), Format.milliseconds(ours),
                    Format.milliseconds(engine), Format.milliseconds(raw), Format.ratio(ours / raw),
                    Format.ratio(engine / raw))
            }
            print(table.render())
            if let first = medians.first, let last = medians.last, subjects.count > 1 {
                print(
                    "\(Format.count(Double(last.size))) vs \(Format.count(Double(first.size))) samples (\(metric)): HKSampleQuery "
                        + "\(Format.ratio(last.ours[keyPath: value] / first.ours[keyPath: value])), "
                        + "engine \(Format.ratio(last.engine[keyPath: value] / first.engine[keyPath: value])), "
                        + "raw \(Format.ratio(last.raw[keyPath: value] / first.raw[keyPath: value])) (target: within 1.5x)\n"
                )
            }
        }
    }

    private static func predicate(_ day: (start: Double, end: Double)) -> NSPredicate {
        HKQuery.predicateForSamples(
            withStart: Date(timeIntervalSince1970: day.start), end: Date(timeIntervalSince1970: day.end))
    }

    private static func sampleQuery(_ store: HKHealthStore, _ day: (start: Double, end: Double)) async throws
        -> [HKSample]
    {
        try await sampleQuery(store, predicate(day))
    }

    /// Runs an `HKSampleQuery` of heart rate matching `predicate` and returns its samples.
    static func sampleQuery(_ store: HKHealthStore, _ predicate: NSPredicate) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(
                sampleType: HeartRateSeries.type, predicate: predicate, limit: HKObjectQueryNoLimit,
                sortDescriptors: nil
            ) { _, samples, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples ?? [])
                }
            }
            store.execute(query)
        }
    }

    private static func rawQuery(_ statement: RawStatement, typeID: Int64, _ day: (start: Double, end: Double)) throws
        -> [RawRow]
    {
        defer { statement.reset() }
        statement.bind(typeID, at: 1)
        statement.bind(day.start, at: 2)
        statement.bind(day.end, at: 3)
        var rows: [RawRow] = []
        while try statement.step() { rows.append(RawRow(statement)) }
        return rows
    }

    private func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
}
