import Foundation
import OpenHealthKit
import OpenHealthKitWire
import Testing

/// healthd's workout routes hold the rules every route holds (docs/SECURITY.md): numbers in range and never clamped,
/// dates within years 1 to 4001 wherever they enter, apps' UUIDs random.
@Suite struct DaemonWorkoutInputTests {
    static let types = [
        HKWorkoutTypeIdentifier, HKWorkoutRouteTypeIdentifier, "HKQuantityTypeIdentifierWorkoutEffortScore",
    ]
    /// Seconds since 1970 before year 1 and after year 4001.
    static let beforeYearOne = -1e14, afterYear4001 = 1e14

    /// Saves an hour's run as the app and returns its UUID.
    func savedWorkout(_ app: AppClient) async throws -> UUID {
        let uuid = UUID()
        let body = #"""
            {"objects":[{"uuid":"\#(uuid)","type":"HKWorkoutTypeIdentifier","startDate":1700000000,
            "endDate":1700003600,"workoutActivityType":37}]}
            """#
        let answer = try await app.call("POST", "/v1/samples", body: Data(body.utf8))
        #expect(answer.status == 200, "\(answer.text)")
        return uuid
    }

    func routeBody(route: UUID, workout: UUID, timestamp: Double = 1_700_000_100) -> Data {
        Data(
            #"""
            {"route":{"uuid":"\#(route)","type":"HKWorkoutRouteTypeIdentifier","startDate":1700000100,
            "endDate":1700000100},"workout":"\#(workout)",
            "locations":[{"timestamp":\#(timestamp),"latitude":52.5,"longitude":13.4}]}
            """#.utf8)
    }

    func expectBadRequest(_ answer: HTTPAnswer, saying text: String) {
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
        #expect(answer.error?.error.message.contains(text) == true, "\(answer.text)")
    }

    @Test func aWorkoutOrActivityDurationLongerThanTheSpanOfSampleDatesIsRefused() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: Self.types)
            let activity = #"""
                {"uuid":"\#(UUID())","activityType":37,"locationType":1,"swimmingLocationType":0,
                "startDate":1700000000,"endDate":1700003600,"duration":1e308,"workoutEvents":[],"statistics":[]}
                """#
            for fields in [#""duration":1e308"#, #""duration":2e11"#, #""workoutActivities":[\#(activity)]"#] {
                let body = #"""
                    {"objects":[{"uuid":"\#(UUID())","type":"HKWorkoutTypeIdentifier","startDate":1700000000,
                    "endDate":1700003600,"workoutActivityType":37,\#(fields)}]}
                    """#
                let answer = try await app.call("POST", "/v1/samples", body: Data(body.utf8))
                expectBadRequest(answer, saying: "the span of years 1 to 4001")
            }
        }
    }

    @Test func anEffortQueryWithANegativeAnchorIsRefusedNotClamped() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: Self.types)
            let answer = try await app.call(
                "POST", "/v1/queries/effort-relationships", body: Data(#"{"anchor":-1,"option":0}"#.utf8))
            expectBadRequest(answer, saying: "anchor must not be negative")
        }
    }

    @Test func routeLocationQueryDatesOutsideYearsOneTo4001AreRefused() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: Self.types)
            for (start, end) in [(Self.beforeYearOne, 0.0), (0.0, Self.afterYear4001)] {
                let body = #"{"route":"\#(UUID())","startDate":\#(start),"endDate":\#(end),"offset":0,"limit":10}"#
                let answer = try await app.call("POST", "/v1/queries/route-locations", body: Data(body.utf8))
                expectBadRequest(answer, saying: "between years 1 and 4001")
            }
        }
    }

    @Test func aRouteLocationDatedOutsideYearsOneTo4001IsRefused() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: Self.types)
            let workout = try await savedWorkout(app)
            let answer = try await app.call(
                "POST", "/v1/workouts/routes",
                body: routeBody(route: UUID(), workout: workout, timestamp: Self.afterYear4001))
            expectBadRequest(answer, saying: "between years 1 and 4001")
        }
    }

    @Test func anAppsRouteMustHaveARandomUUID() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: Self.types)
            let workout = try await savedWorkout(app)
            // An import's kind of UUID (version 8): refused before anything is looked up.
            let derived = UUID(uuidString: "018BCFE5-6800-8A3C-9F2E-5D4C3B2A1908")!
            let refused = try await app.call(
                "POST", "/v1/workouts/routes", body: routeBody(route: derived, workout: workout))
            expectBadRequest(refused, saying: "random UUIDs (version 4)")
            let saved = try await app.call(
                "POST", "/v1/workouts/routes", body: routeBody(route: UUID(), workout: workout))
            #expect(saved.status == 200, "\(saved.text)")
        }
    }

    @Test(arguments: [
        #""workoutActivities":[{"uuid":"UUID","activityType":37,"locationType":3,"swimmingLocationType":0,"startDate":1e14,"duration":0,"workoutEvents":[],"statistics":[]}]"#,
        #""workoutActivities":[{"uuid":"UUID","activityType":37,"locationType":3,"swimmingLocationType":0,"startDate":1700000000,"endDate":1700003600,"duration":3600,"workoutEvents":[{"type":7,"startDate":1700000000,"endDate":1e14}],"statistics":[]}]"#,
        #""statistics":[{"type":"HKQuantityTypeIdentifierHeartRate","startDate":-1e14,"endDate":1700003600,"average":{"value":120,"unit":"count/min"}}]"#,
    ])
    func workoutActivitiesEventsAndStatisticsDatedOutsideYearsOneTo4001AreRefused(_ part: String) async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: Self.types + ["heartRate"])
            let body = #"""
                {"objects":[{"uuid":"\#(UUID())","type":"HKWorkoutTypeIdentifier","startDate":1700000000,
                "endDate":1700003600,"workoutActivityType":37,\#(part.replacingOccurrences(of: "UUID", with: UUID().uuidString))}]}
                """#
            let answer = try await app.call("POST", "/v1/samples", body: Data(body.utf8))
            expectBadRequest(answer, saying: "between years 1 and 4001")
        }
    }
}
