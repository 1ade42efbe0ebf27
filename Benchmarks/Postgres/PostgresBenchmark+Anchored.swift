import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitSQLite

extension PostgresBenchmark {
    /// Reading a type's changes after an anchor through the engine (PostgreSQL, and SQLite on the same samples)
    /// beside a raw `WHERE type_id = $1 AND anchor > $2 ORDER BY anchor LIMIT $3`.
    func anchored(_ databases: Databases, _ scratch: ScratchDirectory) async throws {
        let address = try databases.make()
        let engines = [
            ("PostgreSQL", HealthEngine(storage: try PostgresStorage(address: address))),
            ("SQLite", HealthEngine(storage: try SQLiteStorage(path: scratch.path("anchored.sqlite")))),
        ]
        let type = HeartRateSeries.type, series = HeartRateSeries(count: changes), batch = 1_000, page = 1_000
        for (name, engine) in engines {
            try await engine.requestAuthorization(
                app: BenchStore.app, share: [type], read: [type], answerer: BenchStore.answerer)
            let filling = try Measure.time {
                for start in stride(from: 0, to: changes, by: batch) {
                    try engine.blocking {
                        try await $0.save(
                            (start..<min(start + batch, changes)).map(series.object(at:)), as: BenchStore.principal)
                    }
                }
            }
            print(
                "anchored: \(Format.count(Double(changes))) samples saved through the \(name) engine in saves of \(batch) in \(Format.seconds(filling.wall))"
            )
        }
        let raw = try RawPostgres(address)
        let typeID = try raw.typeID(type.identifier)
        var table = Table(
            "read of \(Format.count(Double(changes))) changes (medians)", "PostgreSQL engine", "raw SQL", "ours/raw",
            "SQLite engine", "CPU ours/raw")
        for limit in [0, page] {
            var times: [[Timing]] = [[], [], []]
            for run in 0...7 {
                var counts: [Int] = []
                for (name, engine) in engines {
                    var count = 0
                    let time = try Measure.time {
                        count = try AnchoredBenchmark.readAll(limit: limit) { anchor in
                            let result = try engine.blocking {
                                try await $0.changes(
                                    matching: [SampleFilter(type: type, predicate: nil)], after: anchor, limit: limit,
                                    as: BenchStore.principal)
                            }
                            return (result.samples.count + result.deletedObjects.count, result.anchor)
                        }
                    }
                    counts.append(count)
                    if run > 0 { times[name == "PostgreSQL" ? 0 : 2].append(time) }
                }
                var rawCount = 0
                let rawTime = try Measure.time {
                    rawCount = try AnchoredBenchmark.readAll(limit: limit) { anchor in
                        let rows = try raw.query(
                            """
                            SELECT uuid, start_date, end_date, value, source_id, source_revision_id, anchor FROM sample
                            WHERE user_id = 1 AND type_id = $1 AND anchor > $2 ORDER BY anchor LIMIT $3
                            """, [typeID, anchor, limit == 0 ? Int64.max : Int64(limit)]
                        ).map(Self.rawRow)
                        return (rows.count, rows.last?.6 ?? anchor)
                    }
                }
                guard counts.allSatisfy({ $0 == changes }), rawCount == changes else {
                    throw ValidationError("expected \(changes) changes, read \(counts) (engines) and \(rawCount) (raw)")
                }
                if run > 0 { times[1].append(rawTime) }
            }
            let (ours, rawMedian, sqlite) = (
                Measure.median(times[0]), Measure.median(times[1]), Measure.median(times[2])
            )
            table.add(
                limit == 0 ? "all at once (anchor 0, no limit)" : "in pages of \(limit) (anchor to anchor)",
                Format.milliseconds(ours.wall), Format.milliseconds(rawMedian.wall),
                Format.ratio(ours.wall / rawMedian.wall),
                Format.milliseconds(sqlite.wall), Format.ratio(ours.cpu / rawMedian.cpu))
        }
        print(table.render())
    }
}
