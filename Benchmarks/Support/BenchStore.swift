import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// The app the benchmarks act for, and the stores they open.
enum BenchStore {
    static let app = AppManifest(
        bundleIdentifier: "org.openhealthkit.bench", name: "Bench", version: "1",
        shareUsageDescription: "Benchmarks read what they wrote.", updateUsageDescription: "Benchmarks write samples.")

    static var principal: Principal { .app(app) }

    static let answerer = RuleAnswerer(AuthorizationAnswer.allowAll)

    /// A store on the database file at `path`, acting for the bench app, allowed to write and read `type` (heart
    /// rate unless told).
    static func authorizedHealthStore(path: String, type: HKQuantityType = HeartRateSeries.type) async throws
        -> HKHealthStore
    {
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(location: .file(path), app: app, answerer: answerer))
        try await store.requestAuthorization(toShare: [type], read: [type])
        return store
    }

    /// Creates an empty database with the store's schema (through the store's own migrations) and closes it.
    static func createSchema(at path: String) throws {
        _ = try SQLiteStorage(path: path)
    }

    /// A raw connection on a store file, set up as the store sets up its writer (WAL, synchronous NORMAL).
    static func rawConnection(path: String) throws -> RawDatabase {
        let database = try RawDatabase(path: path)
        try database.execute("PRAGMA synchronous = NORMAL")
        return database
    }

    /// The id the store gave the heart-rate type in a database.
    static func heartRateTypeID(in database: RawDatabase) throws -> Int64 {
        guard
            let id = try database.int64(
                "SELECT id FROM object_type WHERE identifier = '\(HeartRateSeries.type.identifier)'")
        else {
            throw RawSQLiteError(message: "the store holds no heart rate")
        }
        return id
    }

    /// Fills a new store file with `count` heart-rate samples of the bench app through raw prepared statements,
    /// with the journal off and a large cache (a quick build, not a measurement). Returns the build's wall time.
    static func buildWithRawInserts(path: String, series: HeartRateSeries) throws -> Double {
        try createSchema(at: path)
        let database = try RawDatabase(path: path)
        guard try database.text("PRAGMA journal_mode = OFF") == "off" else {
            throw RawSQLiteError(message: "the store file is still open elsewhere")
        }
        try database.execute("PRAGMA synchronous = OFF; PRAGMA cache_size = -1048576")
        let build = try Measure.time {
            try RawSampleWriter(database: database).insert(
                (0..<series.count).lazy.map(series.rawSample(at:)), typeIdentifier: HeartRateSeries.type.identifier,
                source: principal.source, revision: principal.revision)
        }
        _ = try database.text("PRAGMA journal_mode = WAL")
        return build.wall
    }
}
