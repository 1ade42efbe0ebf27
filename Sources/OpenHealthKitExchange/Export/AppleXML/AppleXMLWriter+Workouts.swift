import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `Workout`, with its events, activities, statistics and routes.
extension AppleXMLWriter {
    /// Writes the workout; false when it has no activity type this catalog knows (it is not written).
    func writeWorkout(_ record: ExportRecord) throws -> Bool {
        let row = record.sample
        guard let workout = row.workout, let activityType = HKWorkoutActivityType(rawValue: workout.activityType) else {
            return false
        }
        var element = XMLElementText("Workout", indent: 1)
        element.attribute("workoutActivityType", activityType.exportName)
        let duration = ExactQuantityText.text(
            row.value ?? (row.endDate - row.startDate), storedIn: .second(), units: ["min", "s"])
        element.attribute("duration", duration.value)
        element.attribute("durationUnit", duration.unit)
        if let distance = workout.totalDistance {
            let text = ExactQuantityText.text(distance, storedIn: .meter(), units: ["km", "m"])
            element.attribute("totalDistance", text.value)
            element.attribute("totalDistanceUnit", text.unit)
        }
        if let energy = workout.totalEnergyBurned {
            let text = ExactQuantityText.text(energy, storedIn: .kilocalorie(), units: ["kcal"])
            element.attribute("totalEnergyBurned", text.value)
            element.attribute("totalEnergyBurnedUnit", text.unit)
        }
        addSourceAndDates(of: row, to: &element)

        var children = metadataEntries(row.metadata, indent: 2) + events(workout.events, indent: 2)
        for activity in record.workoutActivities {
            children += activityElement(
                activity, statistics: record.workoutStatistics.filter { $0.activityUUID == activity.uuid })
        }
        let ownStatistics = record.workoutStatistics.filter { $0.activityUUID == nil }
        children += ownStatistics.map { statisticsElement($0, indent: 2) }.joined()
        children += totalsWithoutStatistics(workout, statistics: ownStatistics)
        for route in record.members where route.sample.typeIdentifier == HKWorkoutRouteTypeIdentifier {
            children += routeElement(route)
        }
        try write(element.start + children + element.end)
        return true
    }

    /// `WorkoutEvent`s from stored events (JSON, see `WorkoutEventCoding`).
    private func events(_ json: String?, indent: Int) -> String {
        (WorkoutEventCoding.decode(json) ?? []).map { event in
            var element = XMLElementText("WorkoutEvent", indent: indent)
            let name = String(describing: event.type)
            element.attribute("type", "HKWorkoutEventType" + name.prefix(1).uppercased() + name.dropFirst())
            let texts = eventTexts(event.dateInterval)
            element.attribute("date", texts.date)
            element.attribute("duration", texts.duration.value)
            element.attribute("durationUnit", texts.duration.unit)
            let metadata = metadataEntries(MetadataCoding.encode(event.metadata), indent: indent + 1)
            return metadata.isEmpty ? element.empty : element.start + metadata + element.end
        }.joined()
    }

    /// An event's date and duration texts. The importer makes the event's interval from the date and the duration
    /// in seconds; the texts chosen are the first that rebuild the stored interval exactly.
    private func eventTexts(_ interval: DateInterval) -> (date: String, duration: (value: String, unit: String)) {
        let start = interval.start.timeIntervalSince1970
        let date = self.date(start)
        let seconds = interval.end.timeIntervalSince1970 - start
        var copy = date
        let parsedStart = copy.withUTF8 { ExportDateParser.date($0)?.seconds } ?? start
        for unitText in ["min", "s"] {
            guard let unit = try? HKUnit(parsing: unitText), let converted = HKUnit.second().convert(seconds, to: unit)
            else { continue }
            for text in NumberText.candidates(converted) {
                guard let number = Double(text), let back = unit.convert(number, to: .second()) else { continue }
                let rebuilt = DateInterval(start: Date(timeIntervalSince1970: parsedStart), duration: max(back, 0))
                if rebuilt == interval { return (date, (text, unitText)) }
            }
        }
        return (date, (NumberText.shortest(seconds), "s"))
    }

    private func activityElement(_ activity: WorkoutActivityRow, statistics: [WorkoutStatisticsRow]) -> String {
        var element = XMLElementText("WorkoutActivity", indent: 2)
        element.attribute("uuid", activity.uuid.uuidString)
        element.attribute("startDate", date(activity.startDate))
        element.attribute("endDate", activity.endDate.map { date($0) })
        if let duration = activity.duration {
            let text = ExactQuantityText.text(duration, storedIn: .second(), units: ["min", "s"])
            element.attribute("duration", text.value)
            element.attribute("durationUnit", text.unit)
        }
        let children =
            metadataEntries(activity.metadata, indent: 3) + events(activity.events, indent: 3)
            + statistics.map { statisticsElement($0, indent: 3) }.joined()
        return children.isEmpty ? element.empty : element.start + children + element.end
    }

    /// `WorkoutStatistics`, as exported.
    private func statisticsElement(_ statistics: WorkoutStatisticsRow, indent: Int) -> String {
        var element = XMLElementText("WorkoutStatistics", indent: indent)
        element.attribute("type", statistics.typeIdentifier)
        element.attribute("startDate", statistics.startDate.map { date($0) })
        element.attribute("endDate", statistics.endDate.map { date($0) })
        element.attribute("average", statistics.average.map(NumberText.shortest))
        element.attribute("minimum", statistics.minimum.map(NumberText.shortest))
        element.attribute("maximum", statistics.maximum.map(NumberText.shortest))
        element.attribute("sum", statistics.sum.map(NumberText.shortest))
        element.attribute("unit", statistics.unit)
        return element.empty
    }

    /// The swimming stroke and flights climbed totals, which exports carry only as statistics: a workout saved with
    /// them but without statistics gets the statistics the importer reads them from.
    private func totalsWithoutStatistics(_ workout: WorkoutRow, statistics: [WorkoutStatisticsRow]) -> String {
        let totals = [
            (HKQuantityTypeIdentifier.swimmingStrokeCount.rawValue, workout.totalSwimmingStrokeCount),
            (HKQuantityTypeIdentifier.flightsClimbed.rawValue, workout.totalFlightsClimbed),
        ]
        return totals.compactMap { type, total -> String? in
            guard let total, !statistics.contains(where: { $0.typeIdentifier == type && $0.sum != nil }) else {
                return nil
            }
            return statisticsElement(
                WorkoutStatisticsRow(
                    workoutUUID: UUID(), activityUUID: nil, typeIdentifier: type, startDate: nil, endDate: nil,
                    average: nil,
                    minimum: nil, maximum: nil, sum: total, unit: "count"),
                indent: 2)
        }.joined()
    }

    /// A `WorkoutRoute` with its locations inline (`Location`), which keeps every field a location has.
    private func routeElement(_ route: ExportRecord) -> String {
        let row = route.sample
        var element = XMLElementText("WorkoutRoute", indent: 2)
        addSourceAndDates(of: row, to: &element)
        var children = metadataEntries(row.metadata, indent: 3)
        for location in route.locations {
            var locationElement = XMLElementText("Location", indent: 3)
            locationElement.attribute("date", date(location.timestamp))
            locationElement.attribute("latitude", NumberText.shortest(location.latitude))
            locationElement.attribute("longitude", NumberText.shortest(location.longitude))
            locationElement.attribute("altitude", location.altitude.map(NumberText.shortest))
            locationElement.attribute("horizontalAccuracy", location.horizontalAccuracy.map(NumberText.shortest))
            locationElement.attribute("verticalAccuracy", location.verticalAccuracy.map(NumberText.shortest))
            locationElement.attribute("course", location.course.map(NumberText.shortest))
            locationElement.attribute("speed", location.speed.map(NumberText.shortest))
            locationElement.attribute("courseAccuracy", location.courseAccuracy.map(NumberText.shortest))
            locationElement.attribute("speedAccuracy", location.speedAccuracy.map(NumberText.shortest))
            children += locationElement.empty
        }
        return element.start + children + element.end
    }
}
