package import Foundation
package import OpenHealthKitModel

/// A workout's activities and statistics to and from their storage rows: statistics in the type's canonical unit (the
/// unit string stored beside them), activities with their configuration.
package enum WorkoutCoding {
    // MARK: To rows

    /// The rows of a workout's own statistics and of its activities'.
    package static func statisticsRows(of workout: HKWorkout) -> [WorkoutStatisticsRow] {
        var rows = statisticsRows(workout.allStatistics, workout: workout.uuid, activity: nil)
        for activity in workout.workoutActivities {
            rows += statisticsRows(activity.allStatistics, workout: workout.uuid, activity: activity.uuid)
        }
        return rows
    }

    private static func statisticsRows(
        _ statistics: [HKQuantityType: HKStatistics], workout: UUID, activity: UUID?
    ) -> [WorkoutStatisticsRow] {
        statistics.values.sorted { $0.quantityType.identifier < $1.quantityType.identifier }.map { statistics in
            let unit = statistics.quantityType.canonicalUnit
            func value(_ quantity: HKQuantity?) -> Double? { quantity?.doubleValue(for: unit) }
            return WorkoutStatisticsRow(
                workoutUUID: workout, activityUUID: activity, typeIdentifier: statistics.quantityType.identifier,
                startDate: statistics.startDate.timeIntervalSince1970,
                endDate: statistics.endDate.timeIntervalSince1970,
                average: value(statistics.averageQuantity()), minimum: value(statistics.minimumQuantity()),
                maximum: value(statistics.maximumQuantity()), sum: value(statistics.sumQuantity()),
                unit: unit.unitString)
        }
    }

    /// The rows of a workout's activities.
    package static func activityRows(of workout: HKWorkout) -> [WorkoutActivityRow] {
        workout.workoutActivities.map { activity in
            let configuration = activity.workoutConfiguration
            return WorkoutActivityRow(
                workoutUUID: workout.uuid, uuid: activity.uuid, startDate: activity.startDate.timeIntervalSince1970,
                endDate: activity.endDate?.timeIntervalSince1970, duration: activity.duration,
                metadata: MetadataCoding.encode(activity.metadata),
                events: WorkoutEventCoding.encode(activity.workoutEvents),
                activityType: configuration.activityType.rawValue, locationType: configuration.locationType.rawValue,
                swimmingLocationType: configuration.swimmingLocationType.rawValue,
                lapLength: configuration.lapLength?.doubleValue(for: .meter()))
        }
    }

    // MARK: From rows

    /// The statistics of the rows belonging to `activity` (nil: the workout's own); rows of unknown types or units
    /// are left out.
    package static func statistics(from rows: [WorkoutStatisticsRow], activity: UUID?) -> [HKQuantityType: HKStatistics]
    {
        var statistics: [HKQuantityType: HKStatistics] = [:]
        for row in rows where row.activityUUID == activity {
            guard let type = HKObjectType.type(forRawIdentifier: row.typeIdentifier) as? HKQuantityType,
                let unit = row.unit.flatMap({ try? HKUnit(parsing: $0) })
            else { continue }
            func canonical(_ value: Double?) -> Double? { value.flatMap { unit.convert($0, to: type.canonicalUnit) } }
            let values = StatisticsValues(
                sum: canonical(row.sum), average: canonical(row.average), minimum: canonical(row.minimum),
                maximum: canonical(row.maximum))
            statistics[type] = HKStatistics(
                type: type, start: Date(timeIntervalSince1970: row.startDate ?? 0),
                end: Date(timeIntervalSince1970: row.endDate ?? row.startDate ?? 0), merged: values, bySource: nil)
        }
        return statistics
    }

    /// A workout's activities from their rows. What an imported activity leaves out comes from the workout: its
    /// activity type, its location from `HKIndoorWorkout`, its swimming location and lap length from their metadata
    /// keys, its events from the workout's that overlap it.
    package static func activities(
        from rows: [WorkoutActivityRow], statistics: [WorkoutStatisticsRow], workoutType: HKWorkoutActivityType,
        workoutEvents: [HKWorkoutEvent]
    ) -> [HKWorkoutActivity] {
        rows.map { row in
            let metadata = MetadataCoding.decode(row.metadata)
            let configuration = HKWorkoutConfiguration()
            configuration.activityType = row.activityType.flatMap(HKWorkoutActivityType.init(rawValue:)) ?? workoutType
            configuration.locationType =
                row.locationType.flatMap(HKWorkoutSessionLocationType.init(rawValue:))
                ?? (metadata?[HKMetadataKeyIndoorWorkout] as? NSNumber).map { $0.boolValue ? .indoor : .outdoor }
                ?? .unknown
            configuration.swimmingLocationType =
                (row.swimmingLocationType ?? (metadata?[HKMetadataKeySwimmingLocationType] as? NSNumber)?.intValue)
                .flatMap(HKWorkoutSwimmingLocationType.init(rawValue:)) ?? .unknown
            configuration.lapLength =
                row.lapLength.map { HKQuantity(unit: .meter(), doubleValue: $0) }
                ?? metadata?[HKMetadataKeyLapLength] as? HKQuantity
            let start = Date(timeIntervalSince1970: row.startDate)
            let end = row.endDate.map(Date.init(timeIntervalSince1970:))
            let events =
                WorkoutEventCoding.decode(row.events)
                ?? workoutEvents.filter { event in
                    event.dateInterval.end >= start && (end.map { event.dateInterval.start <= $0 } ?? true)
                }
            return HKWorkoutActivity(
                uuid: row.uuid, configuration: configuration, start: start, end: end, metadata: metadata,
                duration: row.duration, events: events,
                statistics: Self.statistics(from: statistics, activity: row.uuid))
        }
    }
}
