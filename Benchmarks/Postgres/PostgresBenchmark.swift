import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import PostgresNIO

/// `ohk-bench postgres`: save, a one-day query on growing stores, anchored reads, statistics and a day's series on
/// PostgreSQL, each beside the same work done with raw SQL through postgres-nio on the same database, and beside the
/// SQLite store doing the same on the same data.
///
/// By default on a throwaway PostgreSQL 15 server of its own (the tests' `PostgreSQLServer`: loopback, `fsync` off);
/// `--database` names a server of yours (its user must be allowed to create databases: each part gets its own).
struct PostgresBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres",
        abstract: "Save, query, anchored and statistics on PostgreSQL versus raw SQL (postgres-nio) and SQLite.")

    @Option(help: "A PostgreSQL server to use, as postgresql://USER@HOST:PORT/DB (password: PGPASSWORD).")
    var database: String?

    @Option(parsing: .upToNextOption, help: "The parts to run: save, query, anchored, statistics, series.")
    var parts: [String] = ["save", "query", "anchored", "statistics", "series"]

    @Option(help: "save: samples in one HKHealthStore.save.")
    var samples = 1_000_000

    @Option(help: "save: rounds, each on fresh databases, the order swapped every round.")
    var rounds = 2

    @Option(parsing: .upToNextOption, help: "query: store sizes, in samples (built with raw inserts).")
    var sizes: [Int] = [1_000_000, 10_000_000]

    @Option(help: "query: timed runs per store (after one warm-up).")
    var repeats = 40

    @Option(help: "anchored: changes the store holds.")
    var changes = 100_000

    @Option(help: "statistics: years of step data.")
    var years = 5

    @Option(help: "statistics: timed runs of each query.")
    var runs = 5

    @Option(help: "series: quantities in the series, one a second.")
    var quantities = 86_400

    @Option(help: "series: rounds, each on fresh databases.")
    var seriesRounds = 5

    func run() async throws {
        let databases = try await Databases(url: database)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        print("PostgreSQL: \(databases.description)\n")
        do {
            for part in parts {
                switch part {
                case "save": try await save(databases, scratch)
                case "query": try await query(databases, scratch)
                case "anchored": try await anchored(databases, scratch)
                case "statistics": try statistics(databases, scratch)
                case "series": try await seriesPart(databases, scratch)
                default: throw ValidationError("unknown part \(part): save, query, anchored, statistics or series")
                }
                print("")
            }
        } catch {
            await databases.close()
            throw error
        }
        await databases.close()
    }

    /// A store on `address`, acting for the bench app, allowed to write and read heart rate.
    static func authorizedHealthStore(_ address: PostgreSQLAddress) async throws -> HKHealthStore {
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: .postgreSQL(url: address.description, password: address.password), app: BenchStore.app,
                answerer: BenchStore.answerer))
        try await store.requestAuthorization(toShare: [HeartRateSeries.type], read: [HeartRateSeries.type])
        return store
    }

    // MARK: Save

    private func save(_ databases: Databases, _ scratch: ScratchDirectory) async throws {
        let series = HeartRateSeries(count: samples)
        let objects: [HKObject] = (0..<samples).map(series.object(at:))
        let rows = objects.map { object in
            let sample = object as! HKQuantitySample
            return RawSample(
                uuid: sample.uuid, start: sample.startDate.timeIntervalSince1970,
                end: sample.endDate.timeIntervalSince1970, value: sample.quantity.doubleValue(for: HeartRateSeries.unit)
            )
        }
        var ours: [Timing] = [], raw: [Timing] = [], sqlite: [Timing] = [], maintained: [Timing] = []
        for round in 1...rounds {
            // Opening and authorizing are not timed: an app does them once.
            let oursDatabase = try databases.make(), rawDatabase = try databases.make()
            let maintainedDatabase = try databases.make()
            let store = try await Self.authorizedHealthStore(oursDatabase)
            let maintainedStore = try await Self.authorizedHealthStore(maintainedDatabase)
            try Self.buildHeartRateAggregates(maintainedDatabase, before: series.start(at: 0))
            _ = try PostgresStorage(address: rawDatabase)  // the store's schema, by its own migrations
            let connection = try RawPostgres(rawDatabase)
            let sqliteStore = try await BenchStore.authorizedHealthStore(path: scratch.path("save-\(round).sqlite"))
            let saveRaw = { try connection.insertHeartRates(rows, chunk: rows.count) }
            if round % 2 == 1 { raw.append(try Measure.time { try saveRaw() }) }
            ours.append(try await Measure.time { try await store.save(objects) })
            if round % 2 == 0 { raw.append(try Measure.time { try saveRaw() }) }
            maintained.append(try await Measure.time { try await maintainedStore.save(objects) })
            sqlite.append(try await Measure.time { try await sqliteStore.save(objects) })
            for (address, expected) in [
                (oursDatabase, samples), (rawDatabase, samples), (maintainedDatabase, samples + 1),
            ] {
                let count = try RawPostgres(address).query("SELECT count(*) FROM sample")[0].decode(Int64.self)
                guard count == expected else { throw ValidationError("expected \(expected) rows, found \(count)") }
            }
            print(
                "save round \(round): PostgreSQL store \(Format.seconds(ours[round - 1].wall)), with aggregates "
                    + "maintained \(Format.seconds(maintained[round - 1].wall)), raw "
                    + "\(Format.seconds(raw[round - 1].wall)), SQLite store \(Format.seconds(sqlite[round - 1].wall))")
        }
        let medians = [
            ("HKHealthStore.save on PostgreSQL, aggregates not built (no maintenance)", Measure.median(ours)),
            ("raw INSERT ... SELECT FROM unnest (postgres-nio)", Measure.median(raw)),
            ("HKHealthStore.save on SQLite", Measure.median(sqlite)),
            ("HKHealthStore.save on PostgreSQL, aggregates maintained", Measure.median(maintained)),
        ]
        var table = Table(
            "save of \(Format.count(Double(samples))) samples, one transaction (medians)", "wall", "rows/s (wall)",
            "CPU",
            "rows/s (CPU)")
        for (label, median) in medians {
            table.add(
                label, Format.seconds(median.wall), Format.count(Double(samples) / median.wall),
                Format.seconds(median.cpu), Format.count(Double(samples) / median.cpu))
        }
        print(table.render())
        let (oursMedian, rawMedian) = (medians[0].1, medians[1].1)
        let maintainedMedian = medians[3].1
        print(
            "PostgreSQL store/raw throughput: wall \(Format.ratio(rawMedian.wall / oursMedian.wall)), CPU "
                + "\(Format.ratio(rawMedian.cpu / oursMedian.cpu)) (target ≥ 0.50x); with the aggregates maintained: "
                + "wall \(Format.ratio(rawMedian.wall / maintainedMedian.wall)), CPU "
                + "\(Format.ratio(rawMedian.cpu / maintainedMedian.cpu)); maintained/not: wall "
                + "\(Format.ratio(maintainedMedian.wall / oursMedian.wall))")
    }

    /// Builds the heart rate's statistics aggregates of the owner at `address` (a reading of the bench app an hour
    /// before `time`, then a read of them), so that a save there maintains them.
    static func buildHeartRateAggregates(_ address: PostgreSQLAddress, before time: Double) throws {
        let storage = try PostgresStorage(address: address, connections: 1)
        let start = time - 3600
        _ = try storage.insert([
            SampleRow(
                uuid: UUID(), typeIdentifier: HeartRateSeries.type.identifier, startDate: start, endDate: start,
                value: 1, source: SourceRow(bundleIdentifier: BenchStore.app.bundleIdentifier, name: "Bench"),
                revision: RevisionRow())
        ])
        let built = try storage.forEachStatisticsAggregate(
            AggregateQuery(
                typeIdentifier: HeartRateSeries.type.identifier, firstBucket: nil, endBucket: nil, bySource: false),
            sources: { _, _ in }, { _ in })
        guard built else { throw ValidationError("the heart rate's aggregates were not built") }
    }
}

/// Where the benchmark's databases come from: a throwaway server, or the one `--database` names.
final class Databases: CustomStringConvertible {
    private let server: PostgreSQLServer?
    private let admin: PostgreSQLAddress
    private var made: [String] = []

    init(url: String?) async throws {
        if let url {
            server = nil
            admin = try PostgreSQLAddress(url: url, password: ProcessInfo.processInfo.environment["PGPASSWORD"])
        } else {
            let server = try await PostgreSQLServer.start()
            self.server = server
            admin = try PostgreSQLAddress(url: server.url("postgres"), password: server.password)
        }
    }

    var description: String {
        server == nil ? admin.description : "a throwaway PostgreSQL 15 server on port \(admin.port) (fsync off)"
    }

    /// A new, empty database.
    func make() throws -> PostgreSQLAddress {
        let name = "ohk_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try RawPostgres(admin).query("CREATE DATABASE \(name)")
        made.append(name)
        var address = admin
        address.database = name
        return address
    }

    /// Drops the databases made (on a server of yours) or removes the throwaway server.
    func close() async {
        if let server {
            await server.remove()
        } else if let connection = try? RawPostgres(admin) {
            for name in made { _ = try? connection.query("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        }
    }
}
