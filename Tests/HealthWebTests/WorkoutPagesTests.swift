import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing
@testable import HealthWeb

extension HealthdBacked {
    /// The workouts list and a workout's page on a running healthd, and what a bad address gets.
    @Suite struct WorkoutPagesTests {
        static let start = Date(timeIntervalSince1970: 1_790_000_000)

        /// A 20-minute run with a minute's pause at 10 minutes and a lap at 5, its route (north, 10 m every 10 s
        /// while running) and a heart rate every 30 s; and an indoor walk without route or heart rate.
        static func store(_ engine: HealthEngine) async throws -> (run: HKWorkout, walk: HKWorkout, heartRate: UUID) {
            let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
            let end = start.addingTimeInterval(1200)
            let events = [
                HKWorkoutEvent(
                    type: .lap, dateInterval: DateInterval(start: start.addingTimeInterval(300), duration: 0),
                    metadata: nil),
                HKWorkoutEvent(type: .pause, date: start.addingTimeInterval(600)),
                HKWorkoutEvent(type: .resume, date: start.addingTimeInterval(660)),
            ]
            let run = HKWorkout(
                activityType: .running, start: start, end: end, workoutEvents: events,
                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 210),
                totalDistance: HKQuantity(unit: .meter(), doubleValue: 3000),
                metadata: [HKMetadataKeyIndoorWorkout: false])
            let walk = HKWorkout(
                activityType: .walking, start: start.addingTimeInterval(-86_400),
                end: start.addingTimeInterval(-86_400 + 1800), workoutEvents: nil,
                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 90), totalDistance: nil,
                metadata: [HKMetadataKeyIndoorWorkout: true])
            let heartRates = stride(from: 0.0, to: 1200, by: 30).map { second in
                HKQuantitySample(
                    type: HKQuantityType(.heartRate),
                    quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 120 + second / 30),
                    start: start.addingTimeInterval(second), end: start.addingTimeInterval(second))
            }
            try await engine.save([run, walk] + heartRates, as: owner)
            let route = HKWorkoutRoute(
                uuid: UUID(), start: start, end: end, count: 0, device: nil, metadata: nil,
                sourceRevision: .placeholder())
            let locations = stride(from: 0.0, through: 1200, by: 10).filter { !(600..<660).contains($0) }.map {
                RouteLocationRow(
                    routeUUID: route.uuid, timestamp: start.addingTimeInterval($0).timeIntervalSince1970,
                    latitude: 52.5 + $0 / 10 * 0.00009, longitude: 13.4, altitude: 30 + $0 / 100)
            }
            try await engine.saveRoute(route, locations: locations, workout: run.uuid, as: owner)
            return (run, walk, heartRates[0].uuid)
        }

        @Test func aRunShowsItsEffortAndZonesFromTheRestingHeartRate() async throws {
            try await TestDaemon.with { daemon in
                let (run, _, _) = try await Self.store(daemon.engine)
                let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
                let bpm = HKUnit.count().unitDivided(by: .minute())
                let resting = HKQuantitySample(
                    type: HKQuantityType(.restingHeartRate), quantity: HKQuantity(unit: bpm, doubleValue: 60),
                    start: Self.start.addingTimeInterval(-3600), end: Self.start.addingTimeInterval(-3600))
                let estimated = HKQuantitySample(
                    type: HKQuantityType(.estimatedWorkoutEffortScore),
                    quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 5), start: run.startDate,
                    end: run.endDate)
                let rated = HKQuantitySample(
                    type: HKQuantityType(.workoutEffortScore),
                    quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: 7), start: run.startDate,
                    end: run.endDate)
                try await daemon.engine.save([resting, estimated, rated], as: owner)
                try await daemon.engine.relateEffort(estimated, toWorkout: run.uuid, activity: nil, as: owner)
                let browser = try await daemon.signedInClient()
                var page = try await browser.get("/workouts/\(run.uuid.uuidString)")
                #expect(page.text.contains("<dt>Estimated Effort</dt><dd>5 · Moderate</dd>"))
                // The owner's own rating, once related, is the one shown.
                try await daemon.engine.relateEffort(rated, toWorkout: run.uuid, activity: nil, as: owner)
                page = try await browser.get("/workouts/\(run.uuid.uuidString)")
                #expect(page.text.contains("<dt>Effort</dt><dd>7 · Hard</dd>"))
                #expect(page.text.contains("Zones from your heart rate reserve: 60 BPM at rest"))
                #expect(page.text.contains("<td>138–150 BPM</td>"))
            }
        }

        @Test func theListAndAPageShowTheWorkoutsAndBadAddressesGetTheErrorPage() async throws {
            try await TestDaemon.with { daemon in
                let (run, walk, heartRate) = try await Self.store(daemon.engine)
                let browser = try await daemon.signedInClient()

                // Browse has one Workouts, the type's page, which leads to the list.
                let browse = try await browser.get("/types")
                #expect(browse.text.contains(#"href="/types/workout""#) && !browse.text.contains(#"href="/workouts""#))
                let chart = try await browser.get("/types/workout")
                #expect(chart.text.contains(#"href="/workouts" id="all-workouts""#))
                let list = try await browser.get("/workouts")
                #expect(list.status == 200)
                // Newest first: the run, with its route, then the walk.
                let runAt = try #require(list.text.range(of: "/workouts/\(run.uuid.uuidString)"))
                let walkAt = try #require(list.text.range(of: "/workouts/\(walk.uuid.uuidString)"))
                #expect(runAt.lowerBound < walkAt.lowerBound)
                #expect(list.text.components(separatedBy: "route-mark").count - 1 == 1)
                let walks = try await browser.get("/workouts?type=walking")
                #expect(walks.text.contains(walk.uuid.uuidString) && !walks.text.contains(run.uuid.uuidString))

                let page = try await browser.get("/workouts/\(run.uuid.uuidString)")
                #expect(page.status == 200)
                // 19 minutes running of 20 elapsed; 3 km; the route drawn in one SVG with a gap at the pause.
                #expect(page.text.contains("<dt>Workout Time</dt><dd>0:19:00</dd>"))
                #expect(page.text.contains("<dt>Elapsed Time</dt><dd>0:20:00</dd>"))
                #expect(page.text.contains(#"class="route-drawing""#))
                #expect(page.text.components(separatedBy: #"class="route-line""#).count - 1 == 2)
                #expect(page.text.contains("Time in Zones") && page.text.contains(#"class="heart-line""#))
                #expect(
                    page.text.contains(
                        "From the GPS locations of the route (scaled to the 3.00 km the workout recorded)."))
                #expect(page.text.contains("<td>Lap</td><td>0:05:00</td>"))
                // Nothing loaded from elsewhere: no address outside healthd (the SVG namespace is only a name).
                #expect(!page.text.contains(#"src="http"#) && !page.text.contains(#"href="http"#))
                #expect(!page.text.contains("url("))

                let indoor = try await browser.get("/workouts/\(walk.uuid.uuidString)")
                #expect(indoor.text.contains("An indoor workout has no route."))
                #expect(indoor.text.contains("No heart rate was recorded during this workout."))
                #expect(!indoor.text.contains(#"class="heart-line""#) && !indoor.text.contains(#"class="route-line""#))

                let unknown = try await browser.get("/workouts/\(UUID().uuidString)")
                #expect(unknown.status == 404 && unknown.text.contains("Health has no such workout."))
                let malformed = try await browser.get("/workouts/not-a-uuid")
                #expect(malformed.status == 400 && malformed.text.contains("This address does not name a workout."))
                let badType = try await browser.get("/workouts?type=%3Cscript%3E")
                #expect(badType.status == 400 && !badType.text.contains("<script>"))
                // A heart rate's UUID is not a workout's.
                let notAWorkout = try await browser.get("/workouts/\(heartRate.uuidString)")
                #expect(notAWorkout.status == 404)
                try await daemon.engine.delete(
                    uuids: [run.uuid], as: .owner(source: try SourceRow.owner(named: "Health")))
                let deleted = try await browser.get("/workouts/\(run.uuid.uuidString)")
                #expect(deleted.status == 404)
            }
        }

        @Test func theListShowsFiftyWorkoutsAPageNewestFirst() async throws {
            try await TestDaemon.with { daemon in
                let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
                // 52 walks, a day apart: the newest is the last saved.
                let walks = (0..<52).map { day in
                    HKWorkout(
                        activityType: .walking, start: Self.start.addingTimeInterval(Double(day) * 86_400),
                        end: Self.start.addingTimeInterval(Double(day) * 86_400 + 600))
                }
                try await daemon.engine.save(walks, as: owner)
                let browser = try await daemon.signedInClient()
                let first = try await browser.get("/workouts")
                #expect(first.text.components(separatedBy: #"class="workout-row""#).count - 1 == 50)
                #expect(first.text.contains(walks[51].uuid.uuidString))
                #expect(!first.text.contains(walks[1].uuid.uuidString))
                #expect(first.text.contains(#"href="/workouts?skip=50" id="older""#))
                #expect(!first.text.contains(#"id="newer""#))
                let older = try await browser.get("/workouts?skip=50")
                #expect(older.text.components(separatedBy: #"class="workout-row""#).count - 1 == 2)
                #expect(older.text.contains(walks[0].uuid.uuidString) && older.text.contains(walks[1].uuid.uuidString))
                #expect(older.text.contains(#"href="/workouts?skip=0" id="newer""#))
                #expect(!older.text.contains(#"id="older""#))
                let negative = try await browser.get("/workouts?skip=-1")
                #expect(negative.status == 400)
            }
        }
    }
}
