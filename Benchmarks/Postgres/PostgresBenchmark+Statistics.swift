import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitSQLite
import PostgresNIO

extension PostgresBenchmark {
    /// `ohk-bench statistics`'s data and queries on PostgreSQL, against the SQL `GROUP BY` on the same database, and
    /// the same statistics from the SQLite store holding the same samples.
    func statistics(_ databases: Databases, _ scratch: ScratchDirectory) throws {
        let address = try databases.make()
        let storage = try PostgresStorage(address: address)
        let sqliteStorage = try SQLiteStorage(path: scratch.path("statistics.sqlite"))
        var generator = StatisticsBenchmark.Generator(years: years)
        let built = try Measure.time { try generator.write(to: storage) }
        var copy = StatisticsBenchmark.Generator(years: years)
        try copy.write(to: sqliteStorage)
        print(
            "statistics: \(generator.counts.steps) step samples (\(years) years, iPhone + watch) and "
                + "\(generator.counts.heartRate) heart-rate samples (1 year, watch) saved through the PostgreSQL "
                + "storage in \(Format.seconds(built.wall))")
        let raw = try RawPostgres(address)
        // The statistics aggregates (`v13`) of a type are built whole on its first read; the saves above passed
        // them over. Built here, timed, so that the queries below measure reads.
        for type in [HKQuantityType(.stepCount), HKQuantityType(.heartRate)] {
            let build = try Measure.time {
                _ = try storage.forEachStatisticsAggregate(
                    AggregateQuery(typeIdentifier: type.identifier, firstBucket: nil, endBucket: nil, bySource: false),
                    sources: { _, _ in }, { _ in })
            }
            print("statistics: \(type.identifier)'s aggregates built on first read in \(Format.seconds(build.wall))")
        }
        try raw.query("ANALYZE")
        let sizes = try raw.query(
            """
            SELECT relname::text, pg_total_relation_size(oid) FROM pg_class
            WHERE relname IN ('sample', 'statistics_bucket', 'statistics_hour') ORDER BY 1
            """
        ).map { row in
            let (name, bytes) = try row.decode((String, Int64).self)
            return "\(name) \(Format.count(Double(bytes) / 1_048_576)) MB"
        }
        let rowCounts = try raw.query(
            "SELECT (SELECT count(*) FROM statistics_bucket), (SELECT count(*) FROM statistics_hour)"
        )[0].decode((Int64, Int64).self)
        print(
            "statistics: sizes with indexes: \(sizes.joined(separator: ", ")); aggregate rows: "
                + "\(rowCounts.0) quarter hours, \(rowCounts.1) hours")
        let engine = HealthEngine(storage: storage), sqlite = HealthEngine(storage: sqliteStorage)
        let owner = Principal.owner(source: SourceRow(bundleIdentifier: "org.openhealthkit.bench", name: "Bench"))
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let start = generator.start.timeIntervalSince1970
        let days = try StatisticsIntervals(anchor: generator.start, components: DateComponents(day: 1), calendar: utc)
        let hours = try StatisticsIntervals(anchor: generator.start, components: DateComponents(hour: 1), calendar: utc)
        let steps = HKQuantityType(.stepCount), heartRate = HKQuantityType(.heartRate)
        let stepsID = try raw.typeID(steps.identifier), heartID = try raw.typeID(heartRate.identifier)
        let stepRange = DateInterval(start: generator.start, end: generator.stepsEnd)
        let heartRange = DateInterval(start: generator.heartRateStart, end: generator.stepsEnd)
        let oneDay = DateInterval(
            start: generator.start.addingTimeInterval(Double(365 * years / 2) * 86400), duration: 86400)

        func sql(_ select: String, _ group: String, _ typeID: Int32, _ range: DateInterval) -> () throws -> Void {
            {
                _ = try raw.query(
                    """
                    SELECT \(select) FROM sample
                    WHERE user_id = 1 AND type_id = $2 AND start_date >= $3 AND start_date < $4 GROUP BY \(group)
                    """, [start, typeID, range.start.timeIntervalSince1970, range.end.timeIntervalSince1970]
                ).reduce(0.0) { $0 + (try $1.makeRandomAccess()[$1.count - 1].decode(Double.self)) }
            }
        }
        let bySource = sql(
            "floor((start_date - $1) / 86400) AS day, source_id, sum(value)", "day, source_id", stepsID, stepRange)
        let daily = sql("floor((start_date - $1) / 86400) AS day, sum(value)", "day", stepsID, stepRange)
        let hourly = sql(
            "floor((start_date - $1) / 3600) AS hour, min(value), max(value), avg(value)", "hour", heartID, heartRange)
        let day = sql("floor((start_date - $1) / 86400) AS day, sum(value)", "day", stepsID, oneDay)
        func statistics(
            _ engine: HealthEngine, _ type: HKQuantityType, _ options: HKStatisticsOptions,
            _ intervals: StatisticsIntervals,
            _ range: DateInterval
        ) -> () throws -> Void {
            {
                _ = try engine.blocking {
                    try await $0.statistics(
                        StatisticsRequest(type: type, options: options, intervals: intervals, range: range), as: owner)
                }
            }
        }
        let scan = RowQuery(
            typeIdentifiers: [steps.identifier],
            condition: .dateRange(
                start: stepRange.start.timeIntervalSince1970, end: stepRange.end.timeIntervalSince1970, mode: .overlaps)
        )
        let cases: [(String, String, Double?, () throws -> Void, (HealthEngine) -> () throws -> Void)] = [
            (
                "daily step sums, separateBySource (\(years) y)", "GROUP BY day, source", 1.5, bySource,
                { statistics($0, steps, [.cumulativeSum, .separateBySource], days, stepRange) }
            ),
            (
                "daily step sums, merged (\(years) y)", "GROUP BY day", 1.5, daily,
                { statistics($0, steps, .cumulativeSum, days, stepRange) }
            ),
            (
                "lean read path alone, no statistics (\(years) y)", "GROUP BY day", nil, daily,
                { engine in
                    { try engine.blocking { try await $0.storage.forEachValue(scan, sources: { _ in }, { _ in }) } }
                }
            ),
            (
                "hourly heart rate min/max/avg (1 y)", "GROUP BY hour", nil, hourly,
                { statistics($0, heartRate, [.discreteMin, .discreteMax, .discreteAverage], hours, heartRange) }
            ),
            (
                "one day of steps, merged", "GROUP BY day", nil, day,
                { statistics($0, steps, .cumulativeSum, days, oneDay) }
            ),
        ]
        print(
            "| query | SQL baseline | SQL (ms) | engine on PostgreSQL (ms) | engine ÷ SQL | target | engine on SQLite (ms) |"
        )
        print("|---|---|---:|---:|---:|---:|---:|")
        for (name, baseline, target, sqlRun, engineRun) in cases {
            let times = try Measure.alternately(runs: runs, baseline: sqlRun, engine: engineRun(engine))
            let onSQLite = try Measure.alternately(runs: runs, baseline: sqlRun, engine: engineRun(sqlite)).engine
            print(
                "| \(name) | \(baseline) | \(String(format: "%.1f", times.baseline * 1000)) | "
                    + "\(String(format: "%.1f", times.engine * 1000)) | \(Format.ratio(times.ratio)) | "
                    + "\(target.map { "≤ \(Format.ratio($0))" } ?? "") | \(String(format: "%.1f", onSQLite * 1000)) |")
        }
    }
}
