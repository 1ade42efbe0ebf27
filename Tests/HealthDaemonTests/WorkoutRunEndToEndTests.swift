import CoreLocation
import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitTesting

/// A 30-minute outdoor run end to end, as HealthKit apps record one, with the Workouts example app (plain
/// `import HealthKit`): the app runs its session in one process, a heart rate strap's app in a second process saves
/// what it measured, the app records its route and finishes; then another app reads the workout, its statistics
/// and its route. Time is compressed: the run started 31 minutes before the test, the strap saves its readings of
/// the last 30 minutes at once. Through healthd, and on a store file both processes open.
@Suite struct WorkoutRunEndToEndTests {
    static let minutes = 30
    static let workoutTypes = [
        HKWorkoutTypeIdentifier, HKWorkoutRouteTypeIdentifier, HKQuantityTypeIdentifier.heartRate.rawValue,
        HKQuantityTypeIdentifier.distanceWalkingRunning.rawValue, HKQuantityTypeIdentifier.activeEnergyBurned.rawValue,
    ]

    static let workoutsApp = AppManifest(
        bundleIdentifier: "org.openhealthkit.example.workouts", name: "Workouts", version: "1",
        shareUsageDescription: "Workouts reads your heart rate and distance while you run.",
        updateUsageDescription: "Workouts saves your runs and their routes.")
    static let strapApp = AppManifest(
        bundleIdentifier: "com.example.strap", name: "Strap", version: "2",
        shareUsageDescription: "Strap shows your heart rate.", updateUsageDescription: "Strap saves your heart rate.")

    @Test func aThirtyMinuteRunRecordedThroughHealthd() async throws {
        let daemon = try await DaemonHarness.launch()
        do {
            let everything = AuthorizationAnswer.allowAll
            daemon.answerRequests(of: Self.workoutsApp.bundleIdentifier, with: everything)
            daemon.answerRequests(of: Self.strapApp.bundleIdentifier, with: everything)
            func environment(_ app: AppManifest) async throws -> [String: String] {
                [
                    "OPENHEALTHKIT_HEALTHD": daemon.address.absoluteString,
                    "OPENHEALTHKIT_CREDENTIAL": try await daemon.register(app),
                ]
            }
            let workout = try await recordRun(
                workouts: try await environment(Self.workoutsApp), strap: try await environment(Self.strapApp))
            let reader = try await StoreWorld(daemon: daemon).authorizedStore(
                Apps.app("com.example.reader"), for: WorkoutFixture.types)
            try await checkRun(workout, in: reader)
        } catch {
            try? await daemon.stop()
            throw error
        }
        try await daemon.stop()
    }

    @Test func aThirtyMinuteRunRecordedOnAStoreFileBothProcessesOpen() async throws {
        let directory = try Healthd.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Healthd.storePath(in: directory)
        let location = HealthStoreConfiguration.Location.file(path)
        defer { EngineRegistry.close(location) }
        let engine = try EngineRegistry.engine(for: location)
        // The user answered both apps' permission sheets before: the processes have no one to ask.
        let allowed = Grant(share: .sharingAuthorized, read: .authorized)
        try await engine.setGrants(
            Dictionary(uniqueKeysWithValues: Self.workoutTypes.map { ($0, allowed) }),
            app: Self.workoutsApp.bundleIdentifier)
        try await engine.setGrants(
            Dictionary(uniqueKeysWithValues: Self.workoutTypes.dropFirst(2).map { ($0, allowed) }),
            app: Self.strapApp.bundleIdentifier)
        func environment(_ app: AppManifest) throws -> [String: String] {
            let folder = directory.appendingPathComponent(app.bundleIdentifier)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let plists = try AppPlists(app)
            try plists.info.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
            try plists.entitlements.write(
                to: folder.appendingPathComponent("Entitlements.plist"), atomically: true, encoding: .utf8)
            return ["OPENHEALTHKIT_STORE": path, "OPENHEALTHKIT_APP": folder.path]
        }
        let workout = try await recordRun(
            workouts: try environment(Self.workoutsApp), strap: try environment(Self.strapApp))
        let reader = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: location, app: Apps.app("com.example.reader"),
                answerer: RuleAnswerer(AuthorizationAnswer.allowAll)))
        try await reader.requestAuthorization(toShare: [], read: Set(WorkoutFixture.types.map { $0 as HKObjectType }))
        try await checkRun(workout, in: reader)
    }

    /// Runs the workout app until it collects, the strap's app to its end, then finishes the workout; returns its UUID.
    private func recordRun(workouts: [String: String], strap: [String: String]) async throws -> UUID {
        let run = try WorkoutsApp(["run", "\(Self.minutes)"], environment: workouts)
        _ = try await run.line(startingWith: "ready")
        let sensor = try WorkoutsApp(["sensor", "\(Self.minutes)"], environment: strap)
        let sensorExit = await sensor.exitStatus()
        #expect(sensorExit.status == 0, "the strap's app failed: \(sensorExit.errors)")
        run.send("finish")
        let line = try await run.line(startingWith: "workout ")
        let runExit = await run.exitStatus()
        #expect(runExit.status == 0, "the workout app failed: \(runExit.errors)")
        return try #require(UUID(uuidString: String(line.dropFirst("workout ".count))))
    }

    /// What another app reads of the run: the workout with its pause, statistics and activity, the heart rates it
    /// holds, its route.
    private func checkRun(_ uuid: UUID, in store: HKHealthStore) async throws {
        typealias W = WorkoutFixture
        let workout = try #require(try await W.workout(uuid, in: store))
        #expect(workout.workoutActivityType == .running)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(abs(workout.duration - (workout.endDate.timeIntervalSince(workout.startDate) - 120)) < 0.001)
        #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.running])
        #expect((workout.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber)?.boolValue == false)

        // The strap's 30 readings, and the workout's statistics are those of the store over the workout.
        let heartRates = try await Fetch.samples(
            store, W.heartRate, predicate: HKQuery.predicateForObjects(from: workout))
        #expect(heartRates.count == Self.minutes)
        let heart = try #require(workout.statistics(for: W.heartRate))
        #expect(heart.minimumQuantity()?.doubleValue(for: W.bpm) == 120)
        #expect(heart.maximumQuantity()?.doubleValue(for: W.bpm) == 160)
        let stored = try await storeStatistics(of: W.heartRate, over: workout, in: store)
        let average = try #require(heart.averageQuantity()?.doubleValue(for: W.bpm))
        let storedAverage = try #require(stored.averageQuantity()?.doubleValue(for: W.bpm))
        #expect(abs(average - storedAverage) < 1e-9)
        #expect(abs((workout.totalDistance?.doubleValue(for: .meter()) ?? 0) - 5000) < 1e-6)

        // The route: one location every 10 s for 30 minutes, in time order, heading north.
        let routes = try await Fetch.samples(store, W.route, predicate: HKQuery.predicateForObjects(from: workout))
        let route = try #require(routes.first as? HKWorkoutRoute)
        #expect(routes.count == 1 && route.count == Self.minutes * 6)
        var locations: [CLLocation] = []
        for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: store) {
            locations.append(location)
        }
        #expect(locations.count == Self.minutes * 6)
        #expect(
            zip(locations, locations.dropFirst()).allSatisfy { $0.timestamp.addingTimeInterval(10) == $1.timestamp })
        #expect(locations.first?.timestamp == workout.startDate)
        #expect(zip(locations, locations.dropFirst()).allSatisfy { $0.coordinate.latitude < $1.coordinate.latitude })
    }

    /// HKStatisticsQuery's figures for `type` over the workout's span.
    private func storeStatistics(of type: HKQuantityType, over workout: HKWorkout, in store: HKHealthStore)
        async throws -> HKStatistics
    {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKStatisticsQuery(
                    quantityType: type,
                    quantitySamplePredicate: HKQuery.predicateForSamples(
                        withStart: workout.startDate, end: workout.endDate, options: []),
                    options: [.discreteAverage, .discreteMin, .discreteMax]
                ) { _, statistics, error in
                    if let statistics {
                        continuation.resume(returning: statistics)
                    } else {
                        continuation.resume(throwing: error ?? HKError(.errorNoData))
                    }
                })
        }
    }
}
