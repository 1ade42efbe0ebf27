import ArgumentParser
import Foundation
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitSQLite

/// `ohk-bench migrate`: `hk migrate`'s copy (``StoreCopy``) of a SQLite store of heart-rate readings into a user of a
/// PostgreSQL database, beside the raw baseline in the same run: the same rows read from the SQLite file with one
/// `SELECT` and written to another database with batched `INSERT ... SELECT FROM unnest(...)` through postgres-nio.
/// Then the tallies both sides are checked with (each side read and hashed), timed on their own.
struct MigrateBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "hk migrate's copy of a SQLite store into PostgreSQL versus a raw SELECT and batched INSERTs.")

    @Option(help: "A PostgreSQL server to use, as postgresql://USER@HOST:PORT/DB (password: PGPASSWORD).")
    var database: String?

    @Option(help: "Samples in the SQLite store (heart-rate readings, built with raw inserts).")
    var samples = 1_000_000

    @Option(help: "Samples per transaction of the copy.")
    var batchSize = 5_000

    func run() async throws {
        let databases = try await Databases(url: database)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        do {
            try measure(databases, scratch)
        } catch {
            await databases.close()
            throw error
        }
        await databases.close()
    }

    private func measure(_ databases: Databases, _ scratch: ScratchDirectory) throws {
        print("PostgreSQL: \(databases.description)")
        let path = scratch.path("source.sqlite")
        let build = try BenchStore.buildWithRawInserts(path: path, series: HeartRateSeries(count: samples))
        print(
            "source: \(Format.count(Double(samples))) heart-rate samples in SQLite (built in \(Format.seconds(build)))\n"
        )

        let rawDatabase = try databases.make(), oursDatabase = try databases.make()
        _ = try PostgresStorage(address: rawDatabase)  // the schema, as the copy's destination has it
        let raw = try Measure.time {
            let sqlite = try RawDatabase(path: path)
            let select = try sqlite.prepare("SELECT uuid, start_date, end_date, value FROM sample ORDER BY anchor")
            var rows: [RawSample] = []
            rows.reserveCapacity(samples)
            while try select.step() {
                rows.append(
                    RawSample(
                        uuid: select.uuid(0), start: select.double(1), end: select.double(2), value: select.double(3)))
            }
            try RawPostgres(rawDatabase).insertHeartRates(rows, chunk: batchSize)
        }
        let source = try SQLiteStorage(path: path)
        let destination = try PostgresStorage(address: oursDatabase)
        let ours = try Measure.time {
            _ = try InlineExecution.complete {
                try await StoreCopy.copy(from: source, to: destination, batchSize: batchSize)
            }
        }
        var tallies: ([TableTally], [TableTally]) = ([], [])
        let tally = try Measure.time {
            tallies = try InlineExecution.complete {
                (try await StoreTally.tally(source), try await StoreTally.tally(destination))
            }
        }
        guard tallies.0 == tallies.1, tallies.0.first?.count == samples else {
            throw PostgresBenchmarkError("the copy's tallies differ: \(tallies.0) versus \(tallies.1)")
        }
        var table = Table("", "wall", "CPU", "samples/s", "vs raw")
        for (name, timing) in [("raw SELECT + INSERT unnest", raw), ("StoreCopy (hk migrate)", ours)] {
            table.add(
                name, Format.seconds(timing.wall), Format.seconds(timing.cpu),
                Format.count(Double(samples) / timing.wall), Format.ratio(timing.wall / raw.wall))
        }
        table.add(
            "tallies of both sides", Format.seconds(tally.wall), Format.seconds(tally.cpu),
            Format.count(Double(samples) / tally.wall), Format.ratio(tally.wall / raw.wall))
        print(table.render())
        print("\n(vs raw: time relative to the raw baseline; 1.00x = as fast, higher = slower.)")
    }
}
