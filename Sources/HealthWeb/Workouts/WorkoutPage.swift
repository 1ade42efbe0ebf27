import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// One workout as a runner reads it: its totals, pace or speed, heart rate through it with the time in each zone,
/// splits, events on a timeline and as a list, the activities of a multi-sport workout, metadata, and the route
/// drawn from its locations. Each part shows what the workout has and says so when it has nothing. See docs/WEB.md.
struct WorkoutPage: Sendable {
    struct Fact: Sendable {
        let id: String
        let label: String
        let value: String
    }

    /// A heart rate zone: its range, the time spent in it and that time as a bar (`width` of 500, at `y`).
    struct Zone: Sendable {
        let name: String
        let range: String
        let time: String
        let share: String
        let width: String
        let y: String
        let textY: String
    }

    struct Split: Sendable {
        let number: Int
        let distance: String
        let time: String
        let pace: String
    }

    struct Activity: Sendable {
        let name: String
        let span: String
        let facts: [Fact]
    }

    let chrome: Chrome
    let name: String
    let date: String
    let source: String
    let facts: [Fact]
    let heartRate: WorkoutHeartRateChart?
    let zones: [Zone]
    let hasZones: Bool
    let zonesNote: String
    let zonesHeight: String
    let splits: [Split]
    let hasSplits: Bool
    let splitsNote: String
    let splitUnit: String
    let splitPaceLabel: String
    let timeline: WorkoutTimeline
    let hasEvents: Bool
    let activities: [Activity]
    let hasActivities: Bool
    let metadata: [SampleListRow.Item]
    let hasMetadata: Bool
    let route: RouteDrawing?
    let routeNote: String
}

extension HealthWebApp {
    func workoutPage(_ web: WebRequest) async throws -> Response {
        guard let uuid = UUID(uuidString: try web.parameter("id")) else {
            throw WebError.badRequest("This address does not name a workout.")
        }
        let store = web.host.store
        guard let reading = try await blocking({ try WorkoutReading.read(uuid, store: store) }) else {
            throw WebError.notFound("Health has no such workout.")
        }
        let dates = try await pageDates(web.host)
        let units = try await workoutUnits(web.host)
        let model = Self.workoutPage(
            reading, units: units, dates: dates,
            chrome: { title in
                chrome(web, title: title, section: .browse)
            })
        return await renderer.html("workout", model)
    }

    static func workoutPage(
        _ reading: WorkoutReading, units: WorkoutUnits, dates: PageDateText, chrome: (String) -> Chrome
    ) -> WorkoutPage {
        let workout = reading.workout
        let activityType = workout.workoutActivityType
        let running = WorkoutActiveTime.intervals(
            from: workout.startDate, to: workout.endDate, events: workout.workoutEvents ?? [])
        let stretches = WorkoutSplits.stretches(reading.locations, running: running)
        let routeProgress = WorkoutSplits.progress(route: reading.locations, running: running)
        let routeMetres = routeProgress.last?.metres ?? 0
        let metres = workout.totalDistance?.doubleValue(for: .meter()) ?? (routeMetres > 0 ? routeMetres : nil)
        let isIndoor = (workout.metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber)?.boolValue == true
        let readings = reading.heartRates.map { (date: $0.date, beatsPerMinute: $0.beatsPerMinute) }
        let zones = HeartRateZones(
            birthday: reading.birthday, on: workout.startDate, calendar: dates.calendar,
            resting: reading.restingHeartRate)
        let name = WorkoutActivityNames.name(activityType)

        var facts = [
            WorkoutPage.Fact(id: "duration", label: "Workout Time", value: WorkoutPace.duration(workout.duration))
        ]
        let elapsed = workout.endDate.timeIntervalSince(workout.startDate)
        if (elapsed - workout.duration).rounded() >= 1 {
            facts.append(.init(id: "elapsed", label: "Elapsed Time", value: WorkoutPace.duration(elapsed)))
        }
        if let metres { facts.append(.init(id: "distance", label: "Distance", value: units.distance(metres: metres))) }
        if let energy = workout.totalEnergyBurned {
            facts.append(.init(id: "energy", label: "Active Energy", value: units.energy(energy)))
        }
        let ascended = (workout.metadata?[HKMetadataKeyElevationAscended] as? HKQuantity)?.doubleValue(for: .meter())
        if let gain = ascended ?? RouteElevation.gain(stretches) {
            let shown = HKQuantity(unit: .meter(), doubleValue: gain).doubleValue(for: units.pace.elevationUnit)
            facts.append(
                .init(
                    id: "elevation", label: "Elevation Gain",
                    value: PageNumberText.format(shown.rounded()) + " " + units.pace.elevationSymbol))
        }
        if let metres,
            let pace = WorkoutPace.text(activityType, metres: metres, seconds: workout.duration, unit: units.pace)
        {
            facts.append(
                .init(
                    id: "pace", label: WorkoutPace.showsSpeed(activityType) ? "Average Speed" : "Average Pace",
                    value: pace))
        }
        let heartRate = HKQuantityType(.heartRate), bpm = HKUnit.count().unitDivided(by: .minute())
        let average =
            workout.statistics(for: heartRate)?.averageQuantity()?.doubleValue(for: bpm)
            ?? (readings.isEmpty ? nil : readings.reduce(0) { $0 + $1.beatsPerMinute } / Double(readings.count))
        if let average {
            facts.append(.init(id: "heart-rate", label: "Average Heart Rate", value: Self.bpm(average)))
        }
        if let highest = readings.map(\.beatsPerMinute).max() {
            facts.append(.init(id: "maximum-heart-rate", label: "Maximum Heart Rate", value: Self.bpm(highest)))
        }
        if let effort = reading.effort {
            facts.append(
                .init(
                    id: "effort", label: effort.isEstimated ? "Estimated Effort" : "Effort",
                    value: Self.effortText(effort.score)))
        }
        facts.append(.init(id: "location", label: "Location", value: isIndoor ? "Indoor" : "Outdoor"))

        // Splits: from the route when it has a distance, else from the distance samples; either way adding up to the
        // workout's own distance when it has one.
        let samplesProgress = WorkoutSplits.progress(samples: reading.distances)
        let recorded = workout.totalDistance?.doubleValue(for: .meter())
        let toDistance = recorded.map { " (scaled to the \(units.distance(metres: $0)) the workout recorded)" } ?? ""
        let (progress, splitsNote): ([WorkoutSplits.Point], String) =
            routeMetres > 0
            ? (
                WorkoutSplits.scaled(routeProgress, toEnd: recorded),
                "From the GPS locations of the route\(toDistance)."
            )
            : (samplesProgress.last?.metres ?? 0) > 0
                ? (
                    WorkoutSplits.scaled(samplesProgress, toEnd: recorded),
                    "From the distance samples of the workout (it has no route)."
                )
                : ([], "This workout has no route or distance samples to split.")
        let splits = WorkoutSplits.splits(progress, unitMetres: units.pace.metres, running: running).map { split in
            WorkoutPage.Split(
                number: split.number, distance: units.distance(metres: split.metres),
                time: WorkoutPace.duration(split.seconds),
                pace: WorkoutPace.text(activityType, metres: split.metres, seconds: split.seconds, unit: units.pace)
                    ?? "–")
        }

        let zoneRows = Self.zoneRows(zones, seconds: zones.secondsInZones(readings, running: running))
        let maximum =
            "a maximum heart rate of \(WholeNumber.clamped(zones.maximum)) BPM"
            + (zones.isFromAge ? " (220 minus your age)" : "")
        let zonesNote =
            (zones.resting.map {
                "Zones from your heart rate reserve: \(WholeNumber.clamped($0)) BPM at rest (your latest resting heart "
                    + "rate before the workout) to \(maximum)."
            } ?? "Zones from \(maximum).")
            + (zones.isFromAge ? "" : " Add your date of birth in Me for zones from your age.")

        let timeline = WorkoutTimeline(
            start: workout.startDate, end: workout.endDate, events: workout.workoutEvents ?? [], running: running,
            clock: dates.time)
        let activities =
            workout.workoutActivities.count > 1
            ? workout.workoutActivities.map { Self.activity($0, units: units, dates: dates) } : []
        let metadata = SampleListRow.items(of: workout.metadata, dates: dates)
        let route = RouteDrawing(locations: reading.locations, running: running)
        let routeNote =
            route != nil
            ? "" : isIndoor ? "An indoor workout has no route." : "No route was recorded for this workout."
        return WorkoutPage(
            chrome: chrome(name), name: name, date: dates.span(workout.startDate, workout.endDate),
            source: workout.sourceRevision.source.name, facts: facts,
            heartRate: WorkoutHeartRateChart(readings, start: workout.startDate, end: workout.endDate, zones: zones),
            zones: zoneRows, hasZones: !zoneRows.isEmpty, zonesNote: zonesNote,
            zonesHeight: String(zoneRows.count * 30), splits: splits, hasSplits: !splits.isEmpty,
            splitsNote: splitsNote, splitUnit: units.pace.symbol,
            splitPaceLabel: WorkoutPace.showsSpeed(activityType) ? "Speed" : "Pace", timeline: timeline,
            hasEvents: !timeline.rows.isEmpty, activities: activities, hasActivities: !activities.isEmpty,
            metadata: metadata, hasMetadata: !metadata.isEmpty, route: route, routeNote: routeNote)
    }

    /// `7 · Hard`: an effort score of 1 to 10 with the Workout app's word for its band.
    static func effortText(_ score: Double) -> String {
        let whole = WholeNumber.rounded(score)
        let word =
            switch whole {
            case ...3: "Easy"
            case 4...6: "Moderate"
            case 7...8: "Hard"
            default: "All Out"
            }
        return "\(whole) · \(word)"
    }

    /// The rows of the time in zones; none when no reading fell in the workout's running time.
    static func zoneRows(_ zones: HeartRateZones, seconds: [TimeInterval]) -> [WorkoutPage.Zone] {
        let counted = seconds.reduce(0, +)
        guard counted > 0 else { return [] }
        let bounds = zones.lowerBounds.map { PageNumberText.format($0) }
        return seconds.enumerated().map { index, time in
            let range: String
            switch index {
            case 0: range = "below \(bounds[0]) BPM"
            case 4: range = "\(bounds[3]) BPM and above"
            default: range = "\(bounds[index - 1])–\(PageNumberText.format(zones.lowerBounds[index] - 1)) BPM"
            }
            let share = time / counted
            return WorkoutPage.Zone(
                name: "Zone \(index + 1)", range: range, time: WorkoutPace.duration(time),
                share: "\(WholeNumber.rounded(share * 100)) %", width: RouteDrawing.number(share * 500),
                y: String(index * 30), textY: String(index * 30 + 17))
        }
    }

    /// One activity of a multi-sport workout with its own totals.
    private static func activity(_ activity: HKWorkoutActivity, units: WorkoutUnits, dates: PageDateText)
        -> WorkoutPage.Activity
    {
        let type = activity.workoutConfiguration.activityType
        let totals = WorkoutTotals(statistics: activity.allStatistics, activityType: type)
        var facts = [WorkoutPage.Fact(id: "duration", label: "Time", value: WorkoutPace.duration(activity.duration))]
        if let distance = totals.distance {
            let metres = distance.doubleValue(for: .meter())
            facts.append(.init(id: "distance", label: "Distance", value: units.distance(metres: metres)))
            if let pace = WorkoutPace.text(type, metres: metres, seconds: activity.duration, unit: units.pace) {
                facts.append(
                    .init(id: "pace", label: WorkoutPace.showsSpeed(type) ? "Speed" : "Pace", value: pace))
            }
        }
        if let energy = totals.energyBurned {
            facts.append(.init(id: "energy", label: "Active Energy", value: units.energy(energy)))
        }
        let bpm = HKUnit.count().unitDivided(by: .minute())
        if let average = activity.statistics(for: HKQuantityType(.heartRate))?.averageQuantity() {
            facts.append(
                .init(id: "heart-rate", label: "Average Heart Rate", value: Self.bpm(average.doubleValue(for: bpm))))
        }
        return WorkoutPage.Activity(
            name: WorkoutActivityNames.name(type),
            span: dates.span(activity.startDate, activity.endDate ?? activity.startDate), facts: facts)
    }

    /// `142 BPM`.
    static func bpm(_ beatsPerMinute: Double) -> String {
        PageNumberText.format(beatsPerMinute.rounded()) + " BPM"
    }
}
