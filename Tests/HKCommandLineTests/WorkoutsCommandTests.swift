import CoreLocation
import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// `hk workouts` and `hk workouts route` through the real binary, on the synthetic export (a 2022 run with a
/// `WorkoutActivity`, statistics and a GPX route; a 2016 walk with an inline route), and what HealthKit's API reads
/// of the imported workouts.
@Suite struct WorkoutsCommandTests {
    private static let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(
            "OpenHealthKitExchangeTests/Fixtures/Synthetic/everything/apple_health_export/export.xml"
        )
        .path

    private func importedStore() async throws -> TemporaryStore {
        let store = try TemporaryStore()
        try await store.succeed(["import", Self.export, "--quiet"])
        return store
    }

    private func workouts(_ store: TemporaryStore, _ arguments: [String] = []) async throws -> [[String: Any]] {
        let output = try await store.succeed(["workouts", "--format", "json"] + arguments)
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    @Test func workoutsListTheirTotalsHeartRateAndRoutePoints() async throws {
        let store = try await importedStore()
        let listed = try await workouts(store)
        #expect(listed.map { $0["type"] as? String } == ["walking", "running"])
        let run = listed[1]
        #expect(run["start"] as? String == "2022-11-01T17:00:00+00:00")
        #expect(run["duration"] as? Double == 1800)
        #expect(run["distance"] as? Double == 5120)
        #expect(run["energy"] as? Double == 321.5)
        #expect(run["averageHeartRate"] as? Double == 151)
        #expect(run["routePoints"] as? Int == 3)
        #expect(listed[0]["averageHeartRate"] is NSNull)
        #expect(listed[0]["routePoints"] as? Int == 2)
    }

    @Test func fromAndToKeepTheWorkoutsStartingBetweenThem() async throws {
        let store = try await importedStore()
        let listed = try await workouts(store, ["--from", "2020-01-01", "--to", "2023-01-01"])
        #expect(listed.map { $0["type"] as? String } == ["running"])
        let table = try await store.succeed(["workouts", "--to", "2020-01-01"])
        #expect(table.split(separator: "\n").count == 2)
        #expect(table.hasPrefix("uuid") && table.contains("walking"))
        let csv = try await store.succeed(["workouts", "--format", "csv"])
        #expect(csv.hasPrefix("uuid,type,start,end,duration,distance,energy,averageHeartRate,routePoints\n"))
    }

    @Test func aRouteIsPrintedAsGPXWithItsTrackPoints() async throws {
        let store = try await importedStore()
        let run = try #require(try await workouts(store).last?["uuid"] as? String)
        let gpx = try await store.succeed(["workouts", "route", run])
        #expect(gpx.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 3)
        #expect(gpx.contains("<trkpt lat=\"52.5163\" lon=\"13.3769\"><ele>34.2</ele><time>2022-11-01T17:00:05Z</time>"))
        #expect(gpx.contains("<extensions><speed>2.8</speed><course>87.5</course><hAcc>4.1</hAcc><vAcc>3.2</vAcc>"))
    }

    @Test func aRouteIsPrintedAsGeoJSON() async throws {
        let store = try await importedStore()
        let walk = try #require(try await workouts(store).first?["uuid"] as? String)
        let output = try await store.succeed(["workouts", "route", walk, "--format", "geojson"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(document["type"] as? String == "FeatureCollection")
        let feature = try #require((document["features"] as? [[String: Any]])?.first)
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        #expect(geometry["coordinates"] as? [[Double]] == [[13.405, 52.52, 34], [13.41, 52.521, 35]])
        let properties = try #require(feature["properties"] as? [String: Any])
        #expect(properties["coordTimes"] as? [String] == ["2016-04-08T08:00:01Z", "2016-04-08T08:10:00Z"])
    }

    @Test func aRouteOfNoWorkoutIsBadInput() async throws {
        let store = try await importedStore()
        try await store.expectBadInput(
            ["workouts", "route", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"],
            naming: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        try await store.expectBadInput(["workouts", "route", "run-1"], naming: "invalid UUID 'run-1'")
        try await store.expectBadInput(["workouts", "--from", "2023-01-01", "--to", "2022-01-01"], naming: "--to")
    }

    @Test func importedActivitiesAndRoutesReadBackThroughHealthKit() async throws {
        let store = try await importedStore()
        let location = HealthStoreConfiguration.Location.file(store.path)
        defer { EngineRegistry.close(location) }
        let app = AppManifest(
            bundleIdentifier: "com.example.reader", name: "Reader", shareUsageDescription: "Reads your workouts.")
        let reader = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: location, app: app, answerer: RuleAnswerer(AuthorizationAnswer.allowAll)))
        try await reader.requestAuthorization(
            toShare: [], read: [HKObjectType.workoutType(), HKSeriesType.workoutRoute()])
        let workouts = try await HKSampleQueryDescriptor(
            predicates: [.workout(HKQuery.predicateForWorkouts(with: .running))], sortDescriptors: []
        ).result(for: reader)
        let run = try #require(workouts.first)
        let activity = try #require(run.workoutActivities.first)
        #expect(run.workoutActivities.count == 1)
        #expect(activity.uuid == UUID(uuidString: "5E1E0F1A-2B3C-4D5E-8F90-0123456789AB"))
        #expect(activity.workoutConfiguration.activityType == .running)
        #expect(activity.workoutConfiguration.locationType == .outdoor)
        #expect(activity.duration == 1800)
        let bpm = HKUnit.count().unitDivided(by: .minute())
        #expect(activity.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: bpm) == 151)
        #expect(
            run.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity()?.doubleValue(for: .meter())
                == 5120)

        let routes = try await HKSampleQueryDescriptor(
            predicates: [.workoutRoute(HKQuery.predicateForObjects(from: run))], sortDescriptors: []
        ).result(for: reader)
        let route = try #require(routes.first)
        #expect(route.count == 3)
        var latitudes: [Double] = []
        for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: reader) {
            latitudes.append(location.coordinate.latitude)
        }
        #expect(latitudes == [52.5163, 52.5164, 52.5165])
    }
}
