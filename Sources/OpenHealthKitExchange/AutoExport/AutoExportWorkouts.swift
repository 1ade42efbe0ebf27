import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// A workout of a push (export format version 2): the workout, its heart rate during and after as heart-rate samples
/// (named as the `heart_rate` metric's, so a sample pushed both ways is stored once), its route with its locations,
/// and its heart-rate summary as the workout's statistics.
///
/// Its UUID is named by the app's `id` (HealthKit's UUID on the phone) when it sends one, else by its type, dates and
/// source. The per-interval arrays (`stepCount`, `activeEnergy`...) are left out: the same values arrive as metrics.
struct AutoExportWorkouts {
    let records: AutoExportRecords

    /// A workout's rows: the workout first, then its samples, its route; and the children of the workout and route.
    struct Rows {
        var workout: HKWorkout
        var heartRates: [HKSample]
        var route: SampleRow?
        var locations: [RouteLocationRow]
        var statistics: [WorkoutStatisticsRow]
    }

    func rows(_ record: JSONValue, source: SampleSource) throws(AutoExportRecords.Refusal) -> Rows {
        guard let name = record["name"]?.string else { throw AutoExportRecords.Refusal("a workout with no name") }
        let start = try AutoExportRecords.date(record, "start")
        let end = try AutoExportRecords.date(record, "end")
        guard end >= start else { throw AutoExportRecords.Refusal("end is before start") }
        let (activityType, swimming) = Self.activityType(name)
        var metadata: [String: Any] = [Self.nameKey: name]
        let indoor = record["isIndoor"].flatMap { if case .bool(let flag) = $0 { flag } else { nil } }
        if let indoor {
            metadata[HKMetadataKeyIndoorWorkout] = indoor
        } else if name.hasPrefix("Indoor ") {
            metadata[HKMetadataKeyIndoorWorkout] = true
        } else if name.hasPrefix("Outdoor ") {
            metadata[HKMetadataKeyIndoorWorkout] = false
        }
        if let swimming { metadata[HKMetadataKeySwimmingLocationType] = swimming.rawValue }
        if let elevation = try quantity(record, "elevationUp", as: .meter()) {
            metadata[HKMetadataKeyElevationAscended] = elevation
        }
        if let temperature = try quantity(record, "temperature", as: .degreeCelsius()) {
            metadata[HKMetadataKeyWeatherTemperature] = temperature
        }
        if let humidity = try quantity(record, "humidity", as: .percent()) {
            metadata[HKMetadataKeyWeatherHumidity] = humidity
        }
        if let intensity = try quantity(record, "intensity", as: HKUnit(from: "kcal/hr·kg")) {
            metadata[HKMetadataKeyAverageMETs] = intensity
        }

        records.identity.reset(orderedBy: start)
        records.identity.add("hae")
        records.identity.add(HKWorkoutTypeIdentifier)
        if let id = record["id"]?.string, !id.isEmpty {
            records.identity.add(id)
        } else {
            records.identity.add(date: start)
            records.identity.add(date: end)
            records.identity.add(name)
            records.identity.add(source.name)
        }
        let uuid = records.identity.uuid()
        let duration = record["duration"]?.number ?? end - start
        guard duration >= 0, duration <= end - start + 1 else {
            throw AutoExportRecords.Refusal("duration \(duration) does not fit between start and end")
        }
        let workout = HKWorkout(
            uuid: uuid, activityType: activityType, start: Date(timeIntervalSince1970: start),
            end: Date(timeIntervalSince1970: end), workoutEvents: nil, duration: duration,
            totalEnergyBurned: try quantity(record, "activeEnergyBurned", as: .kilocalorie()),
            totalDistance: try quantity(record, "distance", as: .meter()), totalSwimmingStrokeCount: nil,
            totalFlightsClimbed: nil, device: source.device, metadata: metadata, sourceRevision: source.revision)
        var heartRates: [HKSample] = []
        for key in ["heartRateData", "heartRateRecovery"] {
            for element in record[key]?.array ?? [] {
                let units = element["units"]?.string ?? "count/min"
                let unit = (try? HKUnit(parsing: AutoExportMetricNames.unitAliases[units] ?? units)).map { ($0, units) }
                heartRates += try records.samples(element, of: .heartRate, unit: unit, source: source)
            }
        }
        let statistics = try summary(record, workout: uuid, start: start, end: end)
        let (route, locations) = try self.route(record, workout: uuid, start: start, end: end, source: source)
        return Rows(
            workout: workout, heartRates: heartRates, route: route, locations: locations, statistics: statistics)
    }

    /// The metadata key that keeps the workout's name as the app sent it (a localized name reads as `.other`).
    static let nameKey = "OpenHealthKitIngestWorkoutName"

    /// The activity type a workout's name (Apple's English display name, "Outdoor Run", "Pool Swim", "Traditional
    /// Strength Training") stands for, and for a swim, where; `.other` for a name it does not know.
    static func activityType(_ name: String) -> (HKWorkoutActivityType, HKWorkoutSwimmingLocationType?) {
        var words = name
        for prefix in ["Outdoor ", "Indoor "] where words.hasPrefix(prefix) { words.removeFirst(prefix.count) }
        if let special = specialNames[words] { return special }
        let camel = words.split(whereSeparator: { !$0.isLetter }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
        return (HKWorkoutActivityType(exportName: "HKWorkoutActivityType" + camel) ?? .other, nil)
    }

    private static let specialNames: [String: (HKWorkoutActivityType, HKWorkoutSwimmingLocationType?)] = [
        "Run": (.running, nil), "Walk": (.walking, nil), "Cycle": (.cycling, nil),
        "Pool Swim": (.swimming, .pool), "Open Water Swim": (.swimming, .openWater), "Swim": (.swimming, nil),
        "Stair Stepper": (.stairClimbing, nil), "Multisport": (.swimBikeRun, nil), "Swim Bike Run": (.swimBikeRun, nil),
        "High Intensity Interval Training (HIIT)": (.highIntensityIntervalTraining, nil),
        "HIIT": (.highIntensityIntervalTraining, nil), "Rowing": (.rowing, nil),
    ]

    /// `{"qty": 5.6, "units": "km"}` as a quantity of `kind`'s dimension; nil when absent.
    private func quantity(_ record: JSONValue, _ key: String, as kind: HKUnit) throws(AutoExportRecords.Refusal)
        -> HKQuantity?
    {
        guard let value = record[key] else { return nil }
        guard let amount = value["qty"]?.number, let units = value["units"]?.string,
            let unit = try? HKUnit(parsing: AutoExportMetricNames.unitAliases[units] ?? units),
            unit.isCompatible(with: kind)
        else {
            throw AutoExportRecords.Refusal("\(key) must be {\"qty\": number, \"units\": a unit of its kind}")
        }
        return HKQuantity(unit: unit, doubleValue: amount)
    }

    /// The heart-rate summary (`heartRate: {min, avg, max}`) as the workout's heart-rate statistics.
    private func summary(_ record: JSONValue, workout: UUID, start: Double, end: Double)
        throws(AutoExportRecords.Refusal) -> [WorkoutStatisticsRow]
    {
        guard let heartRate = record["heartRate"] else { return [] }
        let beats = HKUnit(from: "count/min")
        func value(_ key: String) throws(AutoExportRecords.Refusal) -> Double? {
            try quantity(heartRate, key, as: beats)?.doubleValue(for: beats)
        }
        return [
            WorkoutStatisticsRow(
                workoutUUID: workout, activityUUID: nil, typeIdentifier: HKQuantityTypeIdentifier.heartRate.rawValue,
                startDate: start, endDate: end, average: try value("avg"), minimum: try value("min"),
                maximum: try value("max"), sum: nil, unit: "count/min")
        ]
    }

    /// The route (`route: [{latitude, longitude, altitude, timestamp...}]`) as a route sample of the workout and its
    /// locations, each held to the bounds an app's route is (``RouteLocationValidation``).
    private func route(_ record: JSONValue, workout: UUID, start: Double, end: Double, source: SampleSource)
        throws(AutoExportRecords.Refusal) -> (SampleRow?, [RouteLocationRow])
    {
        guard let points = record["route"]?.array, !points.isEmpty else { return (nil, []) }
        records.identity.reset(orderedBy: start)
        records.identity.add("hae")
        records.identity.add(HKWorkoutRouteTypeIdentifier)
        records.identity.add(workout.uuidString)
        let uuid = records.identity.uuid()
        var locations: [RouteLocationRow] = []
        for (index, point) in points.enumerated() {
            guard let latitude = point["latitude"]?.number, let longitude = point["longitude"]?.number,
                let time = point["timestamp"]?.string
            else {
                throw AutoExportRecords.Refusal("route point \(index) needs latitude, longitude and timestamp")
            }
            let location = RouteLocationRow(
                routeUUID: uuid, timestamp: try AutoExportRecords.date(time, "timestamp"), latitude: latitude,
                longitude: longitude, altitude: point["altitude"]?.number,
                horizontalAccuracy: point["horizontalAccuracy"]?.number,
                verticalAccuracy: point["verticalAccuracy"]?.number, course: point["course"]?.number,
                speed: point["speed"]?.number, courseAccuracy: point["courseAccuracy"]?.number,
                speedAccuracy: point["speedAccuracy"]?.number)
            do {
                try RouteLocationValidation.validate(location)
            } catch {
                throw AutoExportRecords.Refusal("route point \(index): \(error.message)")
            }
            locations.append(location)
        }
        let row = SampleRow(
            uuid: uuid, typeIdentifier: HKWorkoutRouteTypeIdentifier, startDate: start, endDate: end, value: nil,
            source: source.row, revision: source.revisionRow, device: nil, metadata: nil, correlationUUID: workout)
        return (row, locations)
    }
}
