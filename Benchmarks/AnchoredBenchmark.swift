import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// `ohk-bench anchored`: reading a type's changes after an anchor with `HKAnchoredObjectQuery` on an `HKHealthStore`,
/// and through the engine directly (`HealthEngine.changes`, as the embedded backend calls it, without the hops to the
/// store's queue), beside a raw `WHERE type_id = ? AND anchor > ? ORDER BY anchor` on the same database; all act for
/// the bench app with read access.
struct AnchoredBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anchored", abstract: "Anchored change reads through the engine versus raw SQL.")

    @Option(help: "How many changes (saved samples) the store holds.")
    var changes = 100_000

    @Option(help: "Samples per save while filling the store (through the engine).")
    var batch = 1_000

    @Option(help: "Page size of the paged read (the query's limit).")
    var page = 1_000

    @Option(help: "Timed runs of each read (after one warm-up).")
    var repeats = 7

    static let rawSQL = """
        SELECT uuid, start_date, end_date, value, source_id, source_revision_id, anchor
        FROM sample WHERE type_id = ? AND anchor > ? ORDER BY anchor LIMIT ?
        """

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("anchored.sqlite")
        let engine = HealthEngine(storage: try SQLiteStorage(path: path))
        let type = HeartRateSeries.type
        try await engine.requestAuthorization(
            app: BenchStore.app, share: [type], read: [type], answerer: BenchStore.answerer)

        let series = HeartRateSeries(count: changes)
        let filling = try Measure.time {
            for start in stride(from: 0, to: changes, by: batch) {
                let objects = (start..<min(start + batch, changes)).map(series.object(at:))
                try engine.blocking { try await $0.save(objects, as: BenchStore.principal) }
            }
        }
        print(
            "\(Format.count(Double(changes))) samples saved through the engine in batches of \(batch) in \(Format.seconds(filling.wall))."
        )

        let store = try await BenchStore.authorizedHealthStore(path: path)
        let raw = try BenchStore.rawConnection(path: path)
        let statement = try raw.prepare(Self.rawSQL)
        let typeID = try BenchStore.heartRateTypeID(in: raw)

        var table = Table(
            "read of \(Format.count(Double(changes))) changes (medians)", "query wall", "engine wall", "raw wall",
            "query/raw", "engine/raw", "query CPU", "engine CPU", "raw CPU", "query/raw", "engine/raw")
        for limit in [0, page] {
            var queries: [Timing] = []
            var ours: [Timing] = []
            var rawTimes: [Timing] = []
            for run in 0...repeats {
                var queryCount = 0
                let queryTime = try await Measure.time {
                    queryCount = try await Self.readAll(limit: limit) { anchor in
                        try await Self.anchoredQuery(store, after: anchor, limit: limit)
                    }
                }
                var oursCount = 0
                let oursTime = try Measure.time {
                    oursCount = try Self.readAll(limit: limit) { anchor in
                        let result = try engine.blocking {
                            try await $0.changes(
                                matching: [SampleFilter(type: type, predicate: nil)], after: anchor, limit: limit,
                                as: BenchStore.principal)
                        }
                        return (result.samples.count + result.deletedObjects.count, result.anchor)
                    }
                }
                var rawCount = 0
                let rawTime = try Measure.time {
                    rawCount = try Self.readAll(limit: limit) { anchor in
                        let rows = try Self.rawChanges(statement, typeID: typeID, after: anchor, limit: limit)
                        return (rows.count, rows.last?.anchor ?? anchor)
                    }
                }
                guard queryCount == changes, oursCount == changes, rawCount == changes else {
                    throw ValidationError(
                        "expected \(changes) changes, read \(queryCount) (query), \(oursCount) (engine) and "
                            + "\(rawCount) (raw)")
                }
                guard run > 0 else { continue }  // warm-up
                queries.append(queryTime)
                ours.append(oursTime)
                rawTimes.append(rawTime)
            }
            let label = limit == 0 ? "all at once (anchor 0, no limit)" : "in pages of \(limit) (anchor to anchor)"
            let (query, engine, raw) = (Measure.median(queries), Measure.median(ours), Measure.median(rawTimes))
            table.add(
                label, Format.milliseconds(query.wall), Format.milliseconds(engine.wall),
                Format.milliseconds(raw.wall), Format.ratio(query.wall / raw.wall),
                Format.ratio(engine.wall / raw.wall),
                Format.milliseconds(query.cpu), Format.milliseconds(engine.cpu), Format.milliseconds(raw.cpu),
                Format.ratio(query.cpu / raw.cpu), Format.ratio(engine.cpu / raw.cpu))
        }
        print(table.render())
    }

    /// Reads from anchor 0, resuming from each read's anchor until a read returns less than a page (one read
    /// when there is no limit); returns how many changes were read.
    static func readAll(limit: Int, _ read: (Int64) throws -> (count: Int, anchor: Int64)) rethrows -> Int {
        var anchor: Int64 = 0
        var total = 0
        while true {
            let (count, next) = try read(anchor)
            total += count
            anchor = next
            if limit == 0 || count < limit { return total }
        }
    }

    /// ``readAll(limit:_:)`` for an asynchronous read.
    private static func readAll(limit: Int, _ read: (Int64) async throws -> (count: Int, anchor: Int64)) async rethrows
        -> Int
    {
        var anchor: Int64 = 0
        var total = 0
        while true {
            let (count, next) = try await read(anchor)
            total += count
            anchor = next
            if limit == 0 || count < limit { return total }
        }
    }

    /// One `HKAnchoredObjectQuery` (no update handler: it runs once), timed until its results handler is called.
    private static func anchoredQuery(_ store: HKHealthStore, after anchor: Int64, limit: Int) async throws -> (
        count: Int, anchor: Int64
    ) {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(
                type: HeartRateSeries.type, predicate: nil, anchor: anchor == 0 ? nil : HKQueryAnchor(value: anchor),
                limit: limit == 0 ? HKObjectQueryNoLimit : limit
            ) { _, samples, deleted, newAnchor, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(
                        returning: ((samples?.count ?? 0) + (deleted?.count ?? 0), newAnchor?.value ?? anchor))
                }
            }
            store.execute(query)
        }
    }

    private static func rawChanges(_ statement: RawStatement, typeID: Int64, after anchor: Int64, limit: Int) throws
        -> [RawRow]
    {
        defer { statement.reset() }
        statement.bind(typeID, at: 1)
        statement.bind(anchor, at: 2)
        statement.bind(limit == 0 ? -1 : Int64(limit), at: 3)
        var rows: [RawRow] = []
        while try statement.step() { rows.append(RawRow(statement)) }
        return rows
    }
}
