import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Workouts of a push (export format version 2), on both storages: the workout with its totals, heart rate and
/// route; stored once however often it is pushed; refused alone when it cannot be stored.
@Suite struct AutoExportWorkoutTests {
    static var run: [String: Any] {
        [
            "id": "7C1E0A52-3F7B-4C0E-9C59-2B8D2E5E1A10", "name": "Outdoor Run",
            "start": "2025-03-02 07:15:04 +0100", "end": "2025-03-02 07:48:51 +0100", "duration": 2027.3,
            "location": "Outdoor", "isIndoor": false,
            "activeEnergyBurned": ["qty": 331.8, "units": "kcal"], "distance": ["qty": 5.61, "units": "km"],
            "elevationUp": ["qty": 23.0, "units": "m"], "temperature": ["qty": 6.4, "units": "degC"],
            "heartRate": [
                "min": ["qty": 101, "units": "bpm"], "avg": ["qty": 151, "units": "bpm"],
                "max": ["qty": 171, "units": "bpm"],
            ],
            "heartRateData": [
                [
                    "date": "2025-03-02 07:15:00 +0100", "Min": 101, "Avg": 104, "Max": 110, "units": "bpm",
                    "source": "Ann's Apple Watch",
                ],
                [
                    "date": "2025-03-02 07:16:00 +0100", "Min": 120, "Avg": 125, "Max": 130, "units": "bpm",
                    "source": "Ann's Apple Watch",
                ],
            ],
            "route": [
                [
                    "latitude": 52.5163, "longitude": 13.3777, "altitude": 41.2, "course": 87.5,
                    "horizontalAccuracy": 3.2,
                    "verticalAccuracy": 2.7, "timestamp": "2025-03-02 07:15:05 +0100", "speed": 2.9,
                ],
                [
                    "latitude": 52.5165, "longitude": 13.3790, "altitude": 41.0,
                    "timestamp": "2025-03-02 07:15:10 +0100",
                ],
            ],
            "source": "Ann's Apple Watch",
        ]
    }

    static func push(_ workouts: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["data": ["workouts": workouts]])
    }

    func ingest(_ body: Data, into engine: HealthEngine) throws -> AutoExportResult {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("push.json")
        try body.write(to: file)
        return try AutoExportIngest(engine: engine).ingest(fileAt: file)
    }

    @Test(arguments: AutoExportIngestTests.Kind.allCases)
    func aRunIsStoredWithItsTotalsHeartRateAndRouteOnce(_ kind: AutoExportIngestTests.Kind) async throws {
        let engine = try await kind.engine()
        let result = try ingest(Self.push([Self.run]), into: engine)
        #expect(result.refused == 0, "\(result.items.flatMap(\.problems))")
        // The workout, two heart rates, the route.
        #expect(result.stored == 4)
        let owner = ImportHarness.owner
        let workout = try await #require(
            try engine.samples(of: HKObjectType.workoutType(), predicate: nil, as: owner).first as? HKWorkout)
        #expect(workout.workoutActivityType == .running)
        #expect(workout.totalDistance?.doubleValue(for: .meterUnit(with: .kilo)) == 5.61)
        #expect(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 331.8)
        #expect(workout.duration == 2027.3)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect(workout.sourceRevision.source.name == "Ann's Apple Watch")
        let beats = try await engine.samples(of: HKQuantityType(.heartRate), predicate: nil, as: owner)
        #expect(beats.count == 2)
        let route = try await #require(
            try engine.samples(of: HKSeriesType.workoutRoute(), predicate: nil, as: owner).first)
        let locations = try await engine.routeLocations(of: route.uuid, in: nil, offset: 0, limit: 10, as: owner)
        #expect(locations.map(\.latitude) == [52.5163, 52.5165])

        let again = try ingest(Self.push([Self.run]), into: engine)
        #expect(again.stored == 0 && again.alreadyStored == 1)
        await #expect(try engine.samples(of: HKObjectType.workoutType(), predicate: nil, as: owner).count == 1)
    }

    @Test func aHeartRatePushedWithItsWorkoutAndAsAMetricIsStoredOnce() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        _ = try ingest(Self.push([Self.run]), into: engine)
        let metric: [String: Any] = [
            "name": "heart_rate", "units": "count/min",
            "data": [
                [
                    "date": "2025-03-02 07:15:00 +0100", "Min": 101, "Avg": 104, "Max": 110,
                    "source": "Ann's Apple Watch",
                ]
            ],
        ]
        let again = try ingest(
            try JSONSerialization.data(withJSONObject: ["data": ["metrics": [metric]]]), into: engine)
        #expect(again.stored == 0 && again.alreadyStored == 1)
    }

    @Test func aWorkoutThatCannotBeStoredIsRefusedAloneWithItsRouteAndHeartRate() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        var badRoute = Self.run
        badRoute["id"] = "other"
        badRoute["route"] = [["latitude": 95.0, "longitude": 13.0, "timestamp": "2025-03-02 07:15:05 +0100"]]
        var backwards = Self.run
        backwards["id"] = "backwards"
        backwards["end"] = "2025-03-01 07:00:00 +0100"
        let result = try ingest(Self.push([badRoute, backwards, ["start": "2025-03-02 07:15:04 +0100"]]), into: engine)
        #expect(result.stored == 0)
        #expect(result.items.first?.problems.map(\.index) == [0, 1, 2])
        #expect(result.items.first?.problems.first?.reason.contains("route point 0") == true)
        await #expect(
            try engine.samples(of: HKQuantityType(.heartRate), predicate: nil, as: ImportHarness.owner).isEmpty)
    }

    @Test(arguments: [
        ("Outdoor Run", HKWorkoutActivityType.running), ("Indoor Walk", .walking), ("Pool Swim", .swimming),
        ("Traditional Strength Training", .traditionalStrengthTraining), ("Mind and Body", .mindAndBody),
        ("Skating (Sports)", .skatingSports), ("Extérieur Course", .other),
    ])
    func aWorkoutsNameGivesItsActivityType(_ name: String, _ type: HKWorkoutActivityType) {
        #expect(AutoExportWorkouts.activityType(name).0 == type)
    }
}
