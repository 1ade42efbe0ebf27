import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// `Workout` with its events, statistics, activities and routes.
extension ExportReader {
    func startWorkout(_ attributes: XMLAttributes, line: Int, depth: Int, problem: String?) {
        guard let activityName = attributes.string(.workoutActivityType),
            let activityType = HKWorkoutActivityType(exportName: activityName.trimmingCharacters(in: .whitespaces))
        else {
            // An activity type this catalog does not know yet: keep the workout verbatim.
            startUnrecognized("Workout", attributes, line: line, depth: depth, problem: problem)
            return
        }
        collector.read(.workout)
        do throws(ReadFailure) {
            if let problem { throw ReadFailure(problem) }
            let header = try header(attributes, line: line)
            startIdentity(HKWorkoutTypeIdentifier, header)
            identity.add(integer: Int64(activityType.rawValue))
            identity.addEmpty()
            identity.add(header.source.name)
            workout = PendingWorkout(
                header: header, uuid: identity.uuid(), activityType: activityType,
                duration: try seconds(attributes, .duration, unit: .durationUnit),
                totalEnergyBurned: try quantity(attributes, .totalEnergyBurned, unit: .totalEnergyBurnedUnit),
                totalDistance: try quantity(attributes, .totalDistance, unit: .totalDistanceUnit))
        } catch {
            skip(.workout, depth: depth, line: line, element: "Workout", type: nil, reason: error.reason)
        }
    }

    /// A duration attribute in seconds; its unit attribute defaults to minutes, as in every export.
    private func seconds(_ attributes: XMLAttributes, _ value: ExportAttribute, unit: ExportAttribute)
        throws(ReadFailure) -> Double?
    {
        guard let quantity = try quantity(attributes, value, unit: unit, defaultUnit: "min") else { return nil }
        guard let seconds = quantity.unit.convert(quantity.value, to: .second()) else {
            throw ReadFailure("\(unit.name) \(Self.quoted(attributes, unit)) is not a unit of time")
        }
        return seconds
    }

    /// A value attribute with its unit attribute, or nil when the value is absent.
    private func quantity(
        _ attributes: XMLAttributes, _ value: ExportAttribute, unit: ExportAttribute, defaultUnit: String? = nil
    ) throws(ReadFailure) -> HKQuantity? {
        guard let bytes = attributes.bytes(value), !ExportText.trimmed(bytes).isEmpty else { return nil }
        guard let number = ExportText.number(bytes) else {
            throw ReadFailure("\(value.name) \(Self.quoted(attributes, value)) is not a number")
        }
        let parsed =
            attributes.bytes(unit).flatMap { lookups.unit($0) } ?? defaultUnit.flatMap { metadataReader.unit($0) }
        guard let parsed else { throw ReadFailure("\(unit.name) \(Self.quoted(attributes, unit)) is not a unit") }
        return HKQuantity(unit: parsed, doubleValue: number)
    }

    func addEvent(_ attributes: XMLAttributes, line: Int) {
        guard let workout else { return }
        do throws(ReadFailure) {
            guard let name = attributes.string(.type),
                let type = Self.eventTypes[name.trimmingCharacters(in: .whitespaces)]
            else {
                throw ReadFailure("event type \(Self.quoted(attributes, .type)) is not a workout event type")
            }
            guard let date = attributes.date(.date) else {
                throw ReadFailure("date \(Self.quoted(attributes, .date)) is not a date")
            }
            let duration = try seconds(attributes, .duration, unit: .durationUnit) ?? 0
            let event = PendingEvent(
                type: type,
                interval: DateInterval(start: Date(timeIntervalSince1970: date.seconds), duration: max(duration, 0)))
            if parent == .workoutActivity, !workout.activities.isEmpty {
                workout.activities[workout.activities.count - 1].events.append(event)
            } else {
                workout.events.append(event)
            }
        } catch {
            if workout.problem == nil { workout.problem = "its event at line \(line): \(error.reason)" }
        }
    }

    /// HealthKit's event types by the names exports give them (`HKWorkoutEventTypePause`).
    private static let eventTypes: [String: HKWorkoutEventType] = Dictionary(
        uniqueKeysWithValues: HKWorkoutEventType.allCases.map { type in
            let name = String(describing: type)
            return ("HKWorkoutEventType" + name.prefix(1).uppercased() + name.dropFirst(), type)
        })

    func addStatistics(_ attributes: XMLAttributes, line: Int) {
        guard let workout else { return }
        guard let type = attributes.string(.type), !type.isEmpty else {
            collector.warn(line: line, "WorkoutStatistics without a type ignored")
            return
        }
        let statistics = PendingStatistics(
            typeIdentifier: type, startDate: attributes.date(.startDate)?.seconds,
            endDate: attributes.date(.endDate)?.seconds,
            average: attributes.number(.average), minimum: attributes.number(.minimum),
            maximum: attributes.number(.maximum),
            sum: attributes.number(.sum), unit: attributes.string(.unit))
        if parent == .workoutActivity, !workout.activities.isEmpty {
            workout.activities[workout.activities.count - 1].statistics.append(statistics)
        } else {
            workout.statistics.append(statistics)
        }
    }

    func startActivity(_ attributes: XMLAttributes, line: Int) {
        guard let workout else { return }
        guard let start = attributes.date(.startDate) else {
            if workout.problem == nil { workout.problem = "its activity at line \(line) has no valid startDate" }
            return
        }
        let uuid =
            attributes.string(.uuid).flatMap { UUID(uuidString: $0.trimmingCharacters(in: .whitespaces)) }
            ?? {
                identity.reset()
                identity.add("WorkoutActivity")
                identity.add(workout.uuid.uuidString)
                identity.add(integer: Int64(workout.activities.count))
                return identity.uuid()
            }()
        let duration = try? seconds(attributes, .duration, unit: .durationUnit)
        workout.activities.append(
            PendingActivity(
                uuid: uuid, startDate: start.seconds, endDate: attributes.date(.endDate)?.seconds,
                duration: duration ?? nil))
    }

    func startRoute(_ attributes: XMLAttributes, line: Int) {
        guard let workout else { return }
        collector.read(.route)
        do throws(ReadFailure) {
            let header = try header(attributes, line: line)
            startIdentity(HKWorkoutRouteTypeIdentifier, header)
            identity.add(workout.uuid.uuidString)
            identity.addEmpty()
            identity.add(header.source.name)
            workout.openRoute = PendingRoute(header: header, uuid: identity.uuid())
        } catch {
            skip(.route, depth: stack.count, line: line, element: "WorkoutRoute", type: nil, reason: error.reason)
        }
    }

    func addLocation(_ attributes: XMLAttributes, line: Int) {
        guard let route = workout?.openRoute else { return }
        guard let date = attributes.date(.date), let latitude = attributes.number(.latitude),
            let longitude = attributes.number(.longitude)
        else {
            collector.warn(line: line, "Location without a date, latitude or longitude ignored")
            return
        }
        workout?.openRoute?.locations.append(
            RouteLocationRow(
                routeUUID: route.uuid, timestamp: date.seconds, latitude: latitude, longitude: longitude,
                altitude: attributes.number(.altitude), horizontalAccuracy: attributes.number(.horizontalAccuracy),
                verticalAccuracy: attributes.number(.verticalAccuracy), course: attributes.number(.course),
                speed: attributes.number(.speed), courseAccuracy: attributes.number(.courseAccuracy),
                speedAccuracy: attributes.number(.speedAccuracy)))
    }

    /// A route ends: its GPX file, if it has one, is read now, and every location is held to the bounds an app's
    /// route is (``RouteLocationValidation``); a route with a location outside them is skipped whole.
    func closeRoute() {
        guard let workout, var route = workout.openRoute else { return }
        workout.openRoute = nil
        do {
            if let path = route.filePath {
                route.locations += try GPXReader.locations(in: files, path: path, routeUUID: route.uuid)
            }
            for location in route.locations { try RouteLocationValidation.validate(location) }
        } catch {
            collector.skip(
                .route, line: route.header.line, element: "WorkoutRoute", type: nil, reason: Self.failureReason(error))
            return
        }
        workout.routes.append(route)
    }

    func finishWorkout() {
        guard let pending = workout else { return }
        workout = nil
        let header = pending.header
        if let route = pending.openRoute {
            collector.skip(
                .route, line: route.header.line, element: "WorkoutRoute", type: nil, reason: "its end tag is missing")
            pending.openRoute = nil
        }
        if let problem = pending.problem {
            skipWorkout(pending, reason: problem)
            return
        }
        let events = pending.events.map { event in
            HKWorkoutEvent(
                type: event.type, dateInterval: event.interval, metadata: metadataReader.metadata(event.metadata))
        }
        let object = HKWorkout(
            uuid: pending.uuid, activityType: pending.activityType, start: header.startDate, end: header.endDate,
            workoutEvents: events, duration: pending.duration ?? (header.end.seconds - header.start.seconds),
            totalEnergyBurned: pending.totalEnergyBurned
                ?? total(of: pending.statistics) { $0 == HKQuantityTypeIdentifier.activeEnergyBurned.rawValue },
            totalDistance: pending.totalDistance
                ?? total(of: pending.statistics) { $0.hasPrefix("HKQuantityTypeIdentifierDistance") },
            totalSwimmingStrokeCount: total(of: pending.statistics) {
                $0 == HKQuantityTypeIdentifier.swimmingStrokeCount.rawValue
            },
            totalFlightsClimbed: total(of: pending.statistics) {
                $0 == HKQuantityTypeIdentifier.flightsClimbed.rawValue
            },
            device: header.device?.device, metadata: metadataReader.metadata(pending.metadata),
            sourceRevision: header.revision.revision)
        do {
            let rows = try collector.engine.importRows(
                for: object, source: header.source.row, revision: header.revision.row)
            collector.add(rows)
        } catch {
            skipWorkout(pending, reason: Self.reason(error))
            return
        }
        for statistics in pending.statistics {
            collector.batch.workoutStatistics.append(row(statistics, workout: pending.uuid, activity: nil))
        }
        for activity in pending.activities {
            collector.batch.workoutActivities.append(
                WorkoutActivityRow(
                    workoutUUID: pending.uuid, uuid: activity.uuid, startDate: activity.startDate,
                    endDate: activity.endDate,
                    duration: activity.duration,
                    metadata: MetadataCoding.encode(metadataReader.metadata(activity.metadata)),
                    events: WorkoutEventCoding.encode(
                        activity.events.map {
                            HKWorkoutEvent(
                                type: $0.type, dateInterval: $0.interval, metadata: metadataReader.metadata($0.metadata)
                            )
                        })))
            for statistics in activity.statistics {
                collector.batch.workoutStatistics.append(
                    row(statistics, workout: pending.uuid, activity: activity.uuid))
            }
        }
        for route in pending.routes { addRoute(route, workout: pending.uuid) }
        flush()
    }

    /// A route is a sample of its own (HealthKit's `HKWorkoutRoute`), a member of its workout.
    private func addRoute(_ route: PendingRoute, workout: UUID) {
        let header = route.header
        let metadata = metadataReader.metadata(route.metadata)
        do throws(HKError) {
            try SampleValidation.validateDates(start: header.startDate, end: header.endDate)
            try MetadataValidation.validate(metadata)
        } catch {
            collector.skip(.route, line: header.line, element: "WorkoutRoute", type: nil, reason: error.message)
            return
        }
        collector.batch.samples.append(
            SampleRow(
                uuid: route.uuid, typeIdentifier: HKWorkoutRouteTypeIdentifier, startDate: header.start.seconds,
                endDate: header.end.seconds, value: nil, source: header.source.row, revision: header.revision.row,
                device: header.device?.row, metadata: MetadataCoding.encode(metadata), correlationUUID: workout))
        collector.batch.locations += route.locations
    }

    /// A workout that cannot be imported takes its routes with it.
    func skipWorkout(_ pending: PendingWorkout, reason: String) {
        collector.skip(.workout, line: pending.header.line, element: "Workout", type: nil, reason: reason)
        for route in pending.routes + [pending.openRoute].compactMap({ $0 }) {
            collector.skip(
                .route, line: route.header.line, element: "WorkoutRoute", type: nil,
                reason: "its workout at line \(pending.header.line) was skipped")
        }
    }

    /// The sum of the workout's statistics of the first type matching `type`, as the deprecated totals give it.
    private func total(of statistics: [PendingStatistics], type: (String) -> Bool) -> HKQuantity? {
        guard let match = statistics.first(where: { type($0.typeIdentifier) && $0.sum != nil }), let sum = match.sum,
            let unit = match.unit.flatMap({ metadataReader.unit($0) })
        else { return nil }
        return HKQuantity(unit: unit, doubleValue: sum)
    }

    private func row(_ statistics: PendingStatistics, workout: UUID, activity: UUID?) -> WorkoutStatisticsRow {
        WorkoutStatisticsRow(
            workoutUUID: workout, activityUUID: activity, typeIdentifier: statistics.typeIdentifier,
            startDate: statistics.startDate, endDate: statistics.endDate, average: statistics.average,
            minimum: statistics.minimum, maximum: statistics.maximum, sum: statistics.sum, unit: statistics.unit)
    }

    static func failureReason(_ error: any Error) -> String {
        switch error {
        case let failure as ReadFailure: failure.reason
        case let failure as ExportSourceError: failure.description
        default: reason(error)
        }
    }
}
