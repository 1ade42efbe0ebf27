import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

/// `ohk-bench workout-page`: Health's page of a 2-hour run with a GPS location every second (7,200) and a heart rate
/// every 5 s (1,440), asked from healthd over loopback as a browser asks it (the route projected to SVG, the heart
/// rate chart, zones, splits, events), beside the raw SQL that reads the same rows (the workout, its route's
/// locations, the heart rates in its span) on the same file and formats them minimally (coordinates and values as
/// text joined into one string).
struct WorkoutPageBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout-page",
        abstract: "Health's page of a 2-hour run with its route and heart rate, through healthd, against raw SQL.")

    @Option(help: "Timed requests of the page; the median is reported.")
    var runs = 7

    @Option(help: "The healthd executable (default: the one built next to ohk-bench).")
    var healthd: String?

    static let seconds = 7_200
    static let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01 UTC

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let store = scratch.path("health.sqlite")
        let workout = try Self.build(at: store)
        let daemon = try await HealthdLauncher(executable: healthd, directory: scratch.url)
        do {
            let browser = try await BenchBrowser.signedIn(at: daemon.address, secret: try daemon.ownerSecret())
            let raw = try BenchStore.rawConnection(path: store)
            let typeID = try BenchStore.heartRateTypeID(in: raw)
            var bytes = 0, rawBytes = 0
            let path = "/workouts/" + workout.uuidString
            _ = try await browser.get(path)  // warm-up
            var pageTimes: [Double] = [], sqlTimes: [Double] = []
            for _ in 0..<runs {
                pageTimes.append(try await Measure.time { bytes = try await browser.get(path).count }.wall)
                sqlTimes.append(try Measure.time { rawBytes = try Self.rawPage(raw, heartRateTypeID: typeID) }.wall)
            }
            let page = Measure.median(pageTimes), sql = Measure.median(sqlTimes)
            var table = Table("workout page (medians)", "bytes", "wall", "raw SQL + text", "raw bytes", "page/raw")
            table.add(
                "2 h run: 7,200 locations, 1,440 heart rates", Format.count(Double(bytes)), Format.milliseconds(page),
                Format.milliseconds(sql), Format.count(Double(rawBytes)), Format.ratio(page / sql))
            print(table.render())
        } catch {
            await daemon.stop()
            throw error
        }
        await daemon.stop()
    }

    /// The run, saved through the engine as the owner's app would: the workout with a pause, its route and the
    /// heart rates.
    private static func build(at path: String) throws -> UUID {
        let engine = HealthEngine(storage: try SQLiteStorage(path: path))
        let owner = Principal.owner(source: try SourceRow.owner(named: "Watch"))
        let end = start.addingTimeInterval(Double(seconds))
        let workout = HKWorkout(
            activityType: .running, start: start, end: end,
            workoutEvents: [
                HKWorkoutEvent(
                    type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(3_600), duration: 0),
                    metadata: nil),
                HKWorkoutEvent(
                    type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(3_660), duration: 0),
                    metadata: nil),
            ],
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 1_400),
            totalDistance: HKQuantity(unit: .meter(), doubleValue: 21_000), metadata: nil)
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let heartRates = stride(from: 0, to: seconds, by: 5).map { second in
            let date = start.addingTimeInterval(Double(second))
            return HKQuantitySample(
                type: HKQuantityType(.heartRate),
                quantity: HKQuantity(unit: bpm, doubleValue: 120 + Double(second % 60)),
                start: date, end: date)
        }
        try engine.blocking { try await $0.save([workout] + heartRates, as: owner) }
        let route = HKWorkoutRoute(
            uuid: UUID(), start: start, end: end, count: 0, device: nil, metadata: nil, sourceRevision: .placeholder())
        // About 3 m/s along a slow curve.
        let locations = (0..<seconds).map { second in
            let angle = Double(second) / Double(seconds) * 2 * Double.pi
            return RouteLocationRow(
                routeUUID: route.uuid, timestamp: start.addingTimeInterval(Double(second)).timeIntervalSince1970,
                latitude: 48.1 + 0.03 * sin(angle), longitude: 11.5 + 0.045 * (1 - cos(angle)),
                altitude: 520 + 10 * sin(3 * angle))
        }
        try engine.blocking { try await $0.saveRoute(route, locations: locations, workout: workout.uuid, as: owner) }
        return workout.uuid
    }

    /// The same rows in raw SQL, written out as text: the workout's span, every location, every heart rate in it.
    private static func rawPage(_ raw: RawDatabase, heartRateTypeID: Int64) throws -> Int {
        var text = ""
        let workout = try raw.prepare(
            "SELECT s.start_date, s.end_date FROM sample s JOIN workout w ON w.sample_id = s.id")
        var span = (0.0, 0.0)
        while try workout.step() { span = (workout.double(0), workout.double(1)) }
        let locations = try raw.prepare(
            "SELECT timestamp, latitude, longitude, altitude FROM route_location ORDER BY timestamp, rowid")
        while try locations.step() {
            text += "\(locations.double(1)),\(locations.double(2)) "
        }
        let heartRates = try raw.prepare(
            "SELECT start_date, value FROM sample WHERE type_id = ?1 AND start_date >= ?2 AND start_date < ?3 "
                + "ORDER BY start_date")
        heartRates.bind(heartRateTypeID, at: 1)
        heartRates.bind(span.0, at: 2)
        heartRates.bind(span.1, at: 3)
        while try heartRates.step() { text += "\(heartRates.double(0) - span.0),\(heartRates.double(1)) " }
        return text.utf8.count
    }
}
