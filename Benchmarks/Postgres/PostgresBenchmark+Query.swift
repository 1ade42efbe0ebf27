import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import PostgresNIO

extension PostgresBenchmark {
    /// The baseline: the day's rows of the type, the same columns as SQLite's baseline, decoded into values.
    static let rawDaySQL = """
        SELECT uuid, start_date, end_date, value, source_id, source_revision_id, anchor FROM sample
        WHERE user_id = 1 AND type_id = $1 AND start_date >= $2 AND start_date < $3
        """

    private struct QuerySubject {
        var size: Int
        var store: HKHealthStore
        var engine: HealthEngine
        var raw: RawPostgres
        var typeID: Int32
        var ours: [Timing] = []
        var engineTimes: [Timing] = []
        var rawTimes: [Timing] = []
        var rowsPerDay = 0
    }

    /// One day of heart rate on stores of growing size: `HKSampleQuery`, the engine alone, and raw SQL.
    func query(_ databases: Databases, _ scratch: ScratchDirectory) async throws {
        let days = 20
        guard let smallest = sizes.min(), Double(smallest) >= Double(days + 1) * 1_440 else {
            throw ValidationError("every store must hold at least \(days + 1) days of samples")
        }
        var subjects: [QuerySubject] = []
        for size in sizes {
            let address = try databases.make()
            _ = try PostgresStorage(address: address)
            let raw = try RawPostgres(address)
            let series = HeartRateSeries(count: size)
            let build = try Measure.time {
                try raw.insertHeartRates((0..<size).lazy.map(series.rawSample(at:)))
                try raw.query("ANALYZE")
            }
            let bytes = try raw.query("SELECT pg_database_size(current_database())")[0].decode(Int64.self)
            print(
                "query: store of \(Format.count(Double(size))) samples built with raw inserts in "
                    + "\(Format.seconds(build.wall)); \(Format.count(Double(bytes) / 1_048_576)) MB")
            subjects.append(
                QuerySubject(
                    size: size, store: try await Self.authorizedHealthStore(address),
                    engine: HealthEngine(storage: try PostgresStorage(address: address)), raw: raw,
                    typeID: try raw.typeID(HeartRateSeries.type.identifier)))
        }
        for run in 0...repeats {
            let day = HeartRateSeries.dayInterval(daysBeforeEnd: run % days)
            let predicate = HKQuery.predicateForSamples(
                withStart: Date(timeIntervalSince1970: day.start), end: Date(timeIntervalSince1970: day.end))
            for index in subjects.indices {
                var oursCount = 0, engineCount = 0, rawCount = 0
                let oursTime = try await Measure.time {
                    oursCount = try await QueryBenchmark.sampleQuery(subjects[index].store, predicate).count
                }
                let engineTime = try Measure.time {
                    engineCount = try subjects[index].engine.blocking {
                        try await $0.samples(
                            of: HeartRateSeries.type, predicate: PredicateCondition.tree(from: predicate),
                            as: BenchStore.principal)
                    }.count
                }
                let rawTime = try Measure.time {
                    rawCount = try subjects[index].raw.query(
                        Self.rawDaySQL, [subjects[index].typeID, day.start, day.end]
                    ).map(Self.rawRow).count
                }
                guard oursCount == rawCount, engineCount == rawCount else {
                    throw ValidationError("found \(oursCount) (query), \(engineCount) (engine), \(rawCount) (raw)")
                }
                subjects[index].rowsPerDay = max(subjects[index].rowsPerDay, oursCount)
                guard run > 0 else { continue }  // warm-up
                subjects[index].ours.append(oursTime)
                subjects[index].engineTimes.append(engineTime)
                subjects[index].rawTimes.append(rawTime)
            }
        }
        for (metric, value) in Timing.metrics {
            var table = Table(
                "PostgreSQL store (\(metric), medians)", "samples/day", "HKSampleQuery", "engine.samples", "raw SQL",
                "query/raw", "engine/raw")
            for subject in subjects {
                let ours = Measure.median(subject.ours)[keyPath: value]
                let engine = Measure.median(subject.engineTimes)[keyPath: value]
                let raw = Measure.median(subject.rawTimes)[keyPath: value]
                table.add(
                    Format.count(Double(subject.size)), String(subject.rowsPerDay), Format.milliseconds(ours),
                    Format.milliseconds(engine), Format.milliseconds(raw), Format.ratio(ours / raw),
                    Format.ratio(engine / raw))
            }
            print(table.render())
            if let first = subjects.first, let last = subjects.last, subjects.count > 1 {
                func ratio(_ times: KeyPath<QuerySubject, [Timing]>) -> String {
                    Format.ratio(
                        Measure.median(last[keyPath: times])[keyPath: value]
                            / Measure.median(first[keyPath: times])[keyPath: value])
                }
                print(
                    "\(Format.count(Double(last.size))) vs \(Format.count(Double(first.size))) samples (\(metric)): "
                        + "HKSampleQuery \(ratio(\.ours)), engine \(ratio(\.engineTimes)), raw \(ratio(\.rawTimes)) "
                        + "(target: within 1.5x)\n")
            }
        }
    }

    static func rawRow(_ row: PostgresRow) throws -> (UUID, Double, Double, Double, Int64, Int64, Int64) {
        try row.decode((UUID, Double, Double, Double, Int64, Int64, Int64).self)
    }
}
