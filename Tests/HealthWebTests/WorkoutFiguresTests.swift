import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// The numbers of the workout pages, each function against answers worked out by hand: pace and speed, heart rate
/// zones and the time in each, splits, elevation, the route's projection, the heart rate chart and the timeline.
@Suite struct WorkoutFiguresTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    static func span(_ from: Double, _ to: Double) -> DateInterval { DateInterval(start: at(from), end: at(to)) }

    static func location(_ seconds: Double, _ latitude: Double, _ longitude: Double, altitude: Double? = nil)
        -> RouteLocationRow
    {
        RouteLocationRow(
            routeUUID: UUID(), timestamp: at(seconds).timeIntervalSince1970, latitude: latitude, longitude: longitude,
            altitude: altitude)
    }

    // MARK: Pace

    @Test func fiveKilometresInTwentyFiveMinutesIsFiveMinutesAKilometre() {
        let pace = WorkoutPace.text(.running, metres: 5000, seconds: 1500, unit: .kilometre)
        #expect(pace == "5'00\"/km")
    }

    @Test func aMileInEightMinutesIsEightMinutesAMile() {
        #expect(WorkoutPace.text(.running, metres: 1609.344, seconds: 480, unit: .mile) == "8'00\"/mi")
    }

    @Test func aSwimsPaceIsPerHundredMetresOrYards() {
        #expect(WorkoutPace.text(.swimming, metres: 1500, seconds: 1875, unit: .kilometre) == "2'05\"/100 m")
        #expect(WorkoutPace.text(.swimming, metres: 914.4, seconds: 1200, unit: .mile) == "2'00\"/100 yd")
    }

    @Test func cyclingShowsSpeedInsteadOfPace() {
        #expect(WorkoutPace.text(.cycling, metres: 30_000, seconds: 3600, unit: .kilometre) == "30.0 km/h")
        #expect(WorkoutPace.text(.cycling, metres: 16_093.44, seconds: 3600, unit: .mile) == "10.0 mph")
    }

    @Test func noDistanceHasNoPace() {
        #expect(WorkoutPace.text(.running, metres: 0, seconds: 600, unit: .kilometre) == nil)
    }

    @Test func milesFollowTheOwnersDistanceUnit() {
        #expect(WorkoutPace.DistanceUnit(preferred: .mile()) == .mile)
        #expect(WorkoutPace.DistanceUnit(preferred: .yard()) == .mile)
        #expect(WorkoutPace.DistanceUnit(preferred: .meterUnit(with: .kilo)) == .kilometre)
        #expect(WorkoutPace.DistanceUnit(preferred: .meter()) == .kilometre)
    }

    @Test func durationsAlwaysShowTheirHoursSoNoneReadsAsATimeOfDay() {
        #expect(WorkoutPace.duration(3723) == "1:02:03")
        #expect(WorkoutPace.duration(23 * 60) == "0:23:00")
        #expect(WorkoutPace.duration(307.4) == "0:05:07")
    }

    @Test func aPaceIsMinutesAndSecondsNotAClockTime() {
        #expect(WorkoutPace.paceText(605.4, .kilometre) == "10'05\"/km")
    }

    // MARK: Zones

    @Test func zonesComeFromTwoHundredTwentyMinusTheAge() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Born 1 May 1986: 39 on 30 April 2026, so the maximum is 181.
        let day = calendar.date(from: DateComponents(year: 2026, month: 4, day: 30))!
        let zones = HeartRateZones(birthday: DateComponents(year: 1986, month: 5, day: 1), on: day, calendar: calendar)
        #expect(zones.maximum == 181 && zones.isFromAge)
        // 60, 70, 80 and 90 % of 181: 108.6, 126.7, 144.8 and 162.9, rounded.
        #expect(zones.lowerBounds == [109, 127, 145, 163])
        #expect(zones.zone(of: 108) == 1 && zones.zone(of: 109) == 2 && zones.zone(of: 162) == 4)
        #expect(zones.zone(of: 163) == 5)
    }

    @Test func withoutADateOfBirthTheMaximumIs190() {
        let zones = HeartRateZones(birthday: nil, on: Self.start, calendar: Calendar(identifier: .gregorian))
        #expect(zones.maximum == 190 && !zones.isFromAge)
        #expect(zones.lowerBounds == [114, 133, 152, 171])
    }

    /// With a resting heart rate of 60, zones are shares of the 130 beats of reserve above it (the Workout app's way).
    @Test func zonesFromARestingHeartRateAreSharesOfTheReserve() {
        let zones = HeartRateZones(maximum: 190, isFromAge: false, resting: 60)
        #expect(zones.lowerBounds == [138, 151, 164, 177])
        // A resting rate at or above the maximum is not a rest: the zones stay shares of the maximum.
        #expect(HeartRateZones(maximum: 190, isFromAge: false, resting: 200).lowerBounds == [114, 133, 152, 171])
    }

    @Test func effortReadsAsTheWorkoutAppsBands() {
        #expect(
            [2.0, 5, 7, 10].map(HealthWebApp.effortText) == ["2 · Easy", "5 · Moderate", "7 · Hard", "10 · All Out"])
    }

    @Test func eachReadingHoldsUntilTheNextAtMostAMinuteAndOnlyWhileRunning() {
        let zones = HeartRateZones(maximum: 190, isFromAge: false)
        // Running 0–100 s and 160–300 s (paused 100–160 s).
        let running = [Self.span(0, 100), Self.span(160, 300)]
        let readings = [
            (date: Self.at(0), beatsPerMinute: 100.0),  // zone 1, holds 0–30: 30 s
            (date: Self.at(30), beatsPerMinute: 140.0),  // zone 3, holds 30–90 (a minute at most): 60 s
            (date: Self.at(150), beatsPerMinute: 175.0),  // zone 5, holds 150–210, running from 160: 50 s
            (date: Self.at(280), beatsPerMinute: 120.0),  // zone 2, holds 280–340, running until 300: 20 s
        ]
        #expect(zones.secondsInZones(readings.reversed(), running: running) == [30, 20, 60, 0, 50])
    }

    // MARK: Splits

    @Test func aDegreeOfLatitudeIsAbout111Kilometres() {
        // R·π/180 with the mean radius 6,371,008.8 m.
        #expect(abs(WorkoutSplits.metres(from: (0, 0), to: (1, 0)) - 111_195.08) < 0.01)
    }

    @Test func aSplitEndsWhereTheDistanceCrossesEachKilometre() {
        // 1.5 km in 400 s, then 1 km in 200 s: the first kilometre is crossed at 266.7 s, the second at 500 s.
        let progress = [(0.0, 0.0), (400, 1500), (600, 2500)].map {
            WorkoutSplits.Point(date: Self.at($0.0), metres: $0.1)
        }
        let splits = WorkoutSplits.splits(progress, unitMetres: 1000, running: [Self.span(0, 600)])
        #expect(splits.count == 3)
        #expect(abs(splits[0].seconds - 800.0 / 3) < 1e-6 && splits[0].metres == 1000)
        #expect(abs(splits[1].seconds - 700.0 / 3) < 1e-6)
        #expect(splits[2].number == 3 && splits[2].metres == 500 && abs(splits[2].seconds - 100) < 1e-6)
    }

    @Test func aPauseDoesNotCountInItsSplitsTime() {
        let progress = [WorkoutSplits.Point(date: Self.at(0), metres: 0), .init(date: Self.at(300), metres: 1000)]
        let splits = WorkoutSplits.splits(
            progress, unitMetres: 1000, running: [Self.span(0, 100), Self.span(200, 700)])
        #expect(splits == [WorkoutSplits.Split(number: 1, metres: 1000, seconds: 200)])
    }

    @Test func aStepAcrossAPauseAddsNoDistanceAndPausedLocationsAreLeftOut() {
        let locations = [
            Self.location(0, 0, 0), Self.location(10, 0.001, 0), Self.location(20, 0.0015, 0),
            Self.location(30, 0.002, 0), Self.location(40, 0.003, 0),
        ]
        let progress = WorkoutSplits.progress(route: locations, running: [Self.span(0, 15), Self.span(25, 50)])
        let step = WorkoutSplits.metres(from: (0, 0), to: (0.001, 0))
        #expect(progress.map(\.date) == [Self.at(0), Self.at(10), Self.at(30), Self.at(40)])
        #expect(abs(progress.last!.metres - 2 * step) < 1e-6 && abs(progress[2].metres - step) < 1e-6)
    }

    @Test func distanceSamplesAreReachedAtTheirEnds() {
        let progress = WorkoutSplits.progress(samples: [
            (start: Self.at(100), end: Self.at(200), metres: 700), (start: Self.at(0), end: Self.at(100), metres: 300),
        ])
        #expect(progress.map(\.metres) == [0, 300, 1000] && progress.map(\.date) == [0, 100, 200].map(Self.at))
    }

    /// A route measuring 1,030 m for a workout of 1,000 m: the splits add up to the workout's distance.
    @Test func splitsFromARouteAddUpToTheWorkoutsDistance() {
        let progress = [
            WorkoutSplits.Point(date: Self.at(0), metres: 0), WorkoutSplits.Point(date: Self.at(300), metres: 1030),
        ]
        let scaled = WorkoutSplits.scaled(progress, toEnd: 1000)
        #expect(scaled.map(\.metres) == [0, 1000])
        let splits = WorkoutSplits.splits(scaled, unitMetres: 500, running: [Self.span(0, 300)])
        #expect(splits.map(\.metres) == [500, 500] && splits.map(\.seconds) == [150, 150])
        #expect(WorkoutSplits.scaled(progress, toEnd: nil) == progress)
    }

    // MARK: Elevation

    @Test func elevationGainAddsTheClimbsWithinEachStretch() {
        let stretches = [
            [10.0, 15, 12, nil, 20].enumerated().map { Self.location(Double($0.offset), 0, 0, altitude: $0.element) },
            [30.0, 40].map { Self.location(100, 0, 0, altitude: $0) },
        ]
        // +5 (10→15), 15→12 is a descent, +8 from 12 to 20 (past the fix without an altitude), +10 in the second.
        #expect(RouteElevation.gain(stretches) == 23)
        #expect(RouteElevation.gain([[Self.location(0, 0, 0), Self.location(1, 0, 0)]]) == nil)
    }

    /// A flat run whose GPS altitude wanders 2 m up and down at every fix gains nothing (summing each rise made it
    /// 100 m); a steady climb of a metre a fix counts whole.
    @Test func elevationGainIgnoresTheWanderOfGPSAltitudes() {
        let wandering = (0..<100).map { Self.location(Double($0), 0, 0, altitude: $0 % 2 == 0 ? 100 : 102) }
        #expect(RouteElevation.gain([wandering]) == 0)
        let climbing = (0...30).map { Self.location(Double($0), 0, 0, altitude: 50 + Double($0)) }
        #expect(RouteElevation.gain([climbing]) == 30)
    }

    // MARK: Route drawing

    @Test func aRouteEastwardsFillsTheWidthOnTheMiddleLine() throws {
        let drawing = try #require(
            RouteDrawing(locations: [Self.location(0, 0, 0), Self.location(10, 0, 0.01)], running: [Self.span(0, 20)]))
        // 600 wide less a 16 margin each side; the height is the minimum, 160, and the line its middle.
        #expect(drawing.lines.map(\.points) == ["16,80 584,80"])
        #expect(drawing.height == "160" && drawing.startX == "16" && drawing.endX == "584")
    }

    @Test func northIsUp() throws {
        let drawing = try #require(
            RouteDrawing(locations: [Self.location(0, 0, 0), Self.location(10, 0.01, 0)], running: [Self.span(0, 20)]))
        #expect(drawing.lines.map(\.points) == ["300,584 300,16"] && drawing.height == "600")
    }

    @Test func longitudeIsScaledByTheCosineOfTheLatitude() throws {
        // At 60° N a hundredth of a degree east is half as long as a hundredth north: 0.02° east by 0.01° north is
        // a square, drawn as wide as high.
        let drawing = try #require(
            RouteDrawing(
                locations: [Self.location(0, 60, 0), Self.location(10, 60.01, 0), Self.location(20, 60.01, 0.02)],
                running: [Self.span(0, 30)]))
        let points = drawing.lines[0].points.split(separator: " ").map {
            $0.split(separator: ",").compactMap { Double($0) }
        }
        let width = points[2][0] - points[0][0], height = points[0][1] - points[1][1]
        #expect(abs(width - height) < 1 && abs(height - 568) < 0.1)
    }

    @Test func aPauseIsAGapInTheRoute() throws {
        let locations = (0..<6).map { Self.location(Double($0) * 10, 0, Double($0) * 0.001) }
        let drawing = try #require(
            RouteDrawing(locations: locations, running: [Self.span(0, 25), Self.span(35, 60)]))
        #expect(drawing.lines.count == 2)
        #expect(drawing.lines.map { $0.points.split(separator: " ").count } == [3, 2])
        #expect(drawing.label.contains("2 parts between 1 pause"))
    }

    @Test func aRouteRecordedOnlyWhilePausedIsNotDrawn() {
        #expect(RouteDrawing(locations: [Self.location(50, 0, 0)], running: [Self.span(0, 10)]) == nil)
    }

    // MARK: Heart rate chart and timeline

    @Test func theHeartRateChartBreaksAtGapsLongerThanAMinute() throws {
        let chart = try #require(
            WorkoutHeartRateChart(
                [(Self.at(0), 100), (Self.at(60), 150), (Self.at(300), 120)], start: Self.at(0), end: Self.at(600),
                zones: HeartRateZones(maximum: 190, isFromAge: false)))
        // From 90 to 160 BPM over y 176 (bottom) to 24; 0–600 s over x 50 to 592.
        #expect(chart.lines.map(\.points) == ["50,154.3 104.2,45.7"])
        #expect(chart.dots == [WorkoutHeartRateChart.Dot(x: "321", y: "110.9")])
        // Zone 2 starts at 114 and zone 3 at 133, both inside 90–160.
        #expect(chart.zoneLines.map(\.label) == ["Zone 2", "Zone 3", "Zone 4"])
    }

    @Test func noReadingsDrawNoChart() {
        let chart = WorkoutHeartRateChart(
            [], start: Self.at(0), end: Self.at(600), zones: HeartRateZones(maximum: 190, isFromAge: false))
        #expect(chart == nil)
    }

    @Test func theTimelinePlacesPausesLapsAndSegmentsAlongTheWorkout() {
        let events = [
            HKWorkoutEvent(type: .lap, dateInterval: Self.span(500, 500), metadata: nil),
            HKWorkoutEvent(type: .pause, date: Self.at(100)),
            HKWorkoutEvent(type: .resume, date: Self.at(200)),
            HKWorkoutEvent(type: .segment, dateInterval: Self.span(600, 800), metadata: nil),
        ]
        let running = WorkoutActiveTime.intervals(from: Self.at(0), to: Self.at(1000), events: events)
        let timeline = WorkoutTimeline(
            start: Self.at(0), end: Self.at(1000), events: events, running: running, clock: { _ in "" })
        #expect(timeline.pauses == [WorkoutTimeline.Span(x: "100", width: "100", title: "Paused 0:01:40")])
        #expect(timeline.ticks.map(\.x) == ["500"] && timeline.ticks.map(\.kind) == ["lap"])
        #expect(timeline.segments.map(\.x) == ["600"] && timeline.segments.map(\.width) == ["200"])
        #expect(timeline.rows.map(\.name) == ["Pause", "Resume", "Lap", "Segment"])
        #expect(timeline.rows.map(\.at) == ["0:01:40", "0:03:20", "0:08:20", "0:10:00"])
        #expect(timeline.rows.map(\.lasted) == [nil, nil, nil, "0:03:20"])
    }
}
