import ArgumentParser
import CoreLocation
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// `ohk-bench route`: reading a long run's route (what `HKWorkoutRouteQuery` does, in batches of 1,000 locations)
/// through an embedded `HKHealthStore` and through the engine, beside a raw `SELECT ... FROM route_location WHERE
/// sample_id = ? ORDER BY timestamp` of every location on the same database.
struct RouteBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route", abstract: "A long route read through HKWorkoutRouteQuery and the engine versus raw SQL.")

    @Option(help: "How many locations the route holds (36,000: ten hours at one a second).")
    var locations = 36_000

    @Option(help: "Timed runs of each read (after one warm-up).")
    var repeats = 7

    static let rawSQL = """
        SELECT timestamp, latitude, longitude, altitude, horizontal_accuracy, vertical_accuracy, course, speed,
               course_accuracy, speed_accuracy
        FROM route_location WHERE sample_id = ? ORDER BY timestamp, rowid
        """

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("route.sqlite")
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: .file(path), app: BenchStore.app, answerer: BenchStore.answerer))
        let types: Set<HKSampleType> = [HKObjectType.workoutType(), HKSeriesType.workoutRoute()]
        try await store.requestAuthorization(toShare: types, read: types)
        let (route, building) = try await Self.buildRoute(of: locations, in: store)
        print(
            "A route of \(Format.count(Double(locations))) locations built through HKWorkoutRouteBuilder in \(Format.seconds(building.wall))."
        )
        let engine = try EngineRegistry.engine(for: .file(path))
        let raw = try BenchStore.rawConnection(path: path)
        let statement = try raw.prepare(Self.rawSQL)
        guard
            let routeID = try raw.int64(
                "SELECT id FROM sample WHERE type_id = (SELECT id FROM object_type WHERE identifier = '\(HKWorkoutRouteTypeIdentifier)')"
            )
        else { throw ValidationError("the route was not stored") }

        var query: [Timing] = [], direct: [Timing] = [], rawTimes: [Timing] = []
        for run in 0...repeats {
            var counts = (0, 0, 0)
            let queryTime = try await Measure.time { counts.0 = try await Self.query(route, in: store) }
            let engineTime = try Measure.time {
                var offset = 0
                while true {
                    let page = try engine.blocking {
                        try await $0.routeLocations(
                            of: route.uuid, in: nil, offset: offset, limit: 1_000, as: BenchStore.principal)
                    }
                    offset += page.count
                    if page.count < 1_000 { break }
                }
                counts.1 = offset
            }
            let rawTime = try Measure.time { counts.2 = try Self.rawRead(statement, routeID: routeID) }
            guard counts == (locations, locations, locations) else {
                throw ValidationError("expected \(locations) locations, read \(counts)")
            }
            guard run > 0 else { continue }  // warm-up
            query.append(queryTime)
            direct.append(engineTime)
            rawTimes.append(rawTime)
        }
        let rawMedian = Measure.median(rawTimes)
        var table = Table(
            "read of \(Format.count(Double(locations))) locations (medians)", "wall", "raw wall", "ours/raw", "CPU",
            "raw CPU", "ours/raw")
        for (label, timings) in [
            ("HKWorkoutRouteQuery (batches of 1,000 CLLocations)", query),
            ("engine routeLocations (pages of 1,000 rows)", direct),
        ] {
            let median = Measure.median(timings)
            table.add(
                label, Format.milliseconds(median.wall), Format.milliseconds(rawMedian.wall),
                Format.ratio(median.wall / rawMedian.wall), Format.milliseconds(median.cpu),
                Format.milliseconds(rawMedian.cpu), Format.ratio(median.cpu / rawMedian.cpu))
        }
        print(table.render())
    }

    /// A workout of the route's span and its route, saved through the store's builders.
    private static func buildRoute(of count: Int, in store: HKHealthStore) async throws -> (HKWorkoutRoute, Timing) {
        let start = Date(timeIntervalSince1970: 1_735_689_600)
        let workout = HKWorkout(
            activityType: .running, start: start, end: start.addingTimeInterval(Double(count)))
        try await store.save(workout)
        var route: HKWorkoutRoute?
        let timing = try await Measure.time {
            let builder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            for first in stride(from: 0, to: count, by: 1_000) {
                try await builder.insertRouteData(
                    (first..<min(first + 1_000, count)).map { index in
                        CLLocation(
                            coordinate: CLLocationCoordinate2D(
                                latitude: 52.5 + Double(index) * 0.00002,
                                longitude: 13.4 + Double(index % 500) * 0.00001),
                            altitude: 35, horizontalAccuracy: 4, verticalAccuracy: 3, course: 10, speed: 3.1,
                            timestamp: start.addingTimeInterval(Double(index)))
                    })
            }
            route = try await builder.finishRoute(with: workout, metadata: nil)
        }
        guard let route else { throw ValidationError("the route was not saved") }
        return (route, timing)
    }

    /// Runs an HKWorkoutRouteQuery to its last batch; returns how many locations it delivered.
    private static func query(_ route: HKWorkoutRoute, in store: HKHealthStore) async throws -> Int {
        let counted = Locked(0)
        return try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKWorkoutRouteQuery(route: route) { _, locations, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    let total = counted.withLock { count -> Int in
                        count += locations?.count ?? 0
                        return count
                    }
                    if done { continuation.resume(returning: total) }
                })
        }
    }

    /// Reads every location of the route into plain structs; returns how many.
    private static func rawRead(_ statement: RawStatement, routeID: Int64) throws -> Int {
        defer { statement.reset() }
        statement.bind(routeID, at: 1)
        var rows: [(Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)] = []
        while try statement.step() {
            rows.append(
                (
                    statement.double(0), statement.double(1), statement.double(2), statement.double(3),
                    statement.double(4), statement.double(5), statement.double(6), statement.double(7),
                    statement.double(8), statement.double(9)
                ))
        }
        return rows.count
    }
}
