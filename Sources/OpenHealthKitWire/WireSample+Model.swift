import Foundation
public import OpenHealthKitModel

extension WireSample {
    /// The wire form of a sample (quantities in the unit they carry).
    public init(_ sample: HKSample) {
        self.init(
            uuid: sample.uuid, type: sample.sampleType.identifier, startDate: sample.startDate, endDate: sample.endDate)
        device = sample.device.map(WireDevice.init)
        metadata = WireMetadata.encode(sample.metadata)
        sourceRevision = WireSourceRevision(sample.sourceRevision)
        switch sample {
        case let sample as HKQuantitySample:
            quantity = WireQuantity(sample.quantity)
            series = sample.series.map { WireSeriesSummary(sample, $0) }
            seriesQuantities = sample.seriesEntries.map { entries in
                let unit = sample.quantity.unit, canonical = sample.quantityType.canonicalUnit
                return entries.map {
                    WireSeriesQuantity(
                        startDate: $0.interval.start, endDate: $0.interval.end,
                        value: canonical.convert($0.value, to: unit) ?? $0.value)
                }
            }
        case let series as HKHeartbeatSeriesSample:
            count = series.count
            heartbeats = series.beats?.map {
                WireHeartbeat(timeSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap)
            }
        case let electrocardiogram as HKElectrocardiogram:
            self.electrocardiogram = WireElectrocardiogram(electrocardiogram)
        case let audiogram as HKAudiogramSample:
            sensitivityPoints = audiogram.sensitivityPoints.map(WireSensitivityPoint.init)
        case let sample as HKCategorySample:
            value = sample.value
        case let correlation as HKCorrelation:
            objects = correlation.objects.sorted {
                ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString)
            }
            .map(WireSample.init)
        case let workout as HKWorkout:
            workoutActivityType = workout.workoutActivityType.rawValue
            duration = workout.duration
            workoutEvents = workout.workoutEvents?.map(WireWorkoutEvent.init)
            totalEnergyBurned = workout.totalEnergyBurned.map(WireQuantity.init)
            totalDistance = workout.totalDistance.map(WireQuantity.init)
            totalSwimmingStrokeCount = workout.totalSwimmingStrokeCount.map(WireQuantity.init)
            totalFlightsClimbed = workout.totalFlightsClimbed.map(WireQuantity.init)
            workoutActivities =
                workout.workoutActivities.isEmpty ? nil : workout.workoutActivities.map(WireWorkoutActivity.init)
            statistics = workout.allStatistics.isEmpty ? nil : WireWorkoutStatistics.list(workout.allStatistics)
        case let route as HKWorkoutRoute:
            count = route.count
        default:
            setRecordFields(sample)
        }
    }

    /// The sample, with its UUID; its source revision is the one on the wire, else a placeholder the store replaces
    /// when saving. Throws `errorInvalidArgument` for an unknown type, missing or misplaced fields, an unknown unit
    /// string; the model's own checks (compatible unit, allowed value, dates, metadata) run when the store saves it.
    public func sample() throws -> HKSample {
        let type = try WireTypes.sampleType(self.type)
        let start = startDate.date, end = endDate.date
        let device = device?.device
        let metadata = try WireMetadata.decode(metadata)
        let revision = sourceRevision?.sourceRevision ?? HKSourceRevision(source: .default(), version: nil)
        try checkFields(for: type)
        switch type {
        case let quantityType as HKQuantityType:
            let quantity = try required(quantity, "quantity").quantity()
            return HKQuantitySample.stored(
                uuid: uuid, type: quantityType, quantity: quantity, start: start, end: end, device: device,
                metadata: metadata, sourceRevision: revision, series: try series?.summary(for: quantityType),
                seriesEntries: try seriesEntries(in: quantity.unit, for: quantityType))
        case let seriesType as HKSeriesType where seriesType.identifier == HKDataTypeIdentifierHeartbeatSeries:
            let beats = heartbeats?.map {
                HeartbeatSeriesEntry(timeSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap)
            }
            return HKHeartbeatSeriesSample(
                uuid: uuid, count: beats?.count ?? count ?? 0, start: start, end: end, device: device,
                metadata: metadata, sourceRevision: revision, beats: beats)
        case is HKElectrocardiogramType:
            let summary = try required(electrocardiogram, "electrocardiogram")
            return HKElectrocardiogram(
                uuid: uuid, start: start, end: end, numberOfVoltageMeasurements: summary.numberOfVoltageMeasurements,
                samplingFrequency: try summary.samplingFrequency?.quantity(),
                classification: HKElectrocardiogram.Classification(rawValue: summary.classification) ?? .unrecognized,
                averageHeartRate: try summary.averageHeartRate?.quantity(),
                symptomsStatus: HKElectrocardiogram.SymptomsStatus(rawValue: summary.symptomsStatus) ?? .notSet,
                device: device, metadata: metadata, sourceRevision: revision)
        case is HKAudiogramSampleType:
            return HKAudiogramSample(
                uuid: uuid,
                sensitivityPoints: try required(sensitivityPoints, "sensitivityPoints").map { try $0.point() },
                start: start, end: end, device: device, metadata: metadata, sourceRevision: revision)
        case let categoryType as HKCategoryType:
            return HKCategorySample(
                uuid: uuid, type: categoryType, value: try required(value, "value"), start: start, end: end,
                device: device,
                metadata: metadata, sourceRevision: revision)
        case let correlationType as HKCorrelationType:
            let members = try required(objects, "objects").map { try $0.sample() }
            return HKCorrelation(
                uuid: uuid, type: correlationType, start: start, end: end, objects: Set(members), device: device,
                metadata: metadata, sourceRevision: revision)
        case is HKWorkoutType:
            return try workout(start: start, end: end, device: device, metadata: metadata, revision: revision)
        case let seriesType as HKSeriesType where seriesType.identifier == HKWorkoutRouteTypeIdentifier:
            return HKWorkoutRoute(
                uuid: uuid, start: start, end: end, count: max(0, count ?? 0), device: device, metadata: metadata,
                sourceRevision: revision)
        default:
            guard
                let sample = try recordSample(
                    type, start: start, end: end, device: device, metadata: metadata, revision: revision)
            else { throw HKError.invalidArgument("Objects of type \(type.identifier) cannot be saved") }
            return sample
        }
    }

    private func workout(
        start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?, revision: HKSourceRevision
    ) throws -> HKWorkout {
        let rawActivity = try required(workoutActivityType, "workoutActivityType")
        guard let activity = HKWorkoutActivityType(rawValue: rawActivity) else {
            throw HKError.invalidArgument("\(rawActivity) is not an HKWorkoutActivityType raw value")
        }
        let events = try workoutEvents?.map { try $0.event() }
        let energy = try totalEnergyBurned?.quantity(), distance = try totalDistance?.quantity()
        let strokes = try totalSwimmingStrokeCount?.quantity(), flights = try totalFlightsClimbed?.quantity()
        // Without a duration, the model computes it from the dates and the pause and resume events.
        let duration =
            try self.duration
            ?? HKWorkout(
                validating: activity, start: start, end: end, workoutEvents: events, totalEnergyBurned: energy,
                totalDistance: distance, totalSwimmingStrokeCount: strokes, totalFlightsClimbed: flights,
                device: device,
                metadata: metadata
            ).duration
        return HKWorkout(
            uuid: uuid, activityType: activity, start: start, end: end, workoutEvents: events, duration: duration,
            totalEnergyBurned: energy, totalDistance: distance, totalSwimmingStrokeCount: strokes,
            totalFlightsClimbed: flights, device: device, metadata: metadata, sourceRevision: revision,
            activities: try (workoutActivities ?? []).map { try $0.activity() },
            statistics: try WireWorkoutStatistics.dictionary(statistics ?? []))
    }

    /// The quantities of a series being saved, values read in `unit` and stored in the type's canonical unit; nil
    /// when the sample is a single quantity.
    private func seriesEntries(in unit: HKUnit, for type: HKQuantityType) throws -> [QuantitySeriesEntry]? {
        guard let seriesQuantities else { return nil }
        return try seriesQuantities.map { entry in
            guard entry.value.isFinite, let value = unit.convert(entry.value, to: type.canonicalUnit) else {
                throw HKError.invalidArgument(
                    "A series quantity of \(type.identifier) must be a finite \(unit.unitString)")
            }
            guard entry.startDate.date <= entry.endDate.date else {
                throw HKError.invalidArgument("A series quantity's start date must not be after its end date")
            }
            return QuantitySeriesEntry(
                value: value, interval: DateInterval(start: entry.startDate.date, end: entry.endDate.date))
        }
    }

    /// Fields of another kind of sample are refused, so that a mistake is reported rather than silently dropped.
    private func checkFields(for type: HKSampleType) throws {
        let present: [(String, Bool)] =
            [
                ("series", series != nil), ("seriesQuantities", seriesQuantities != nil), ("count", count != nil),
                ("heartbeats", heartbeats != nil), ("electrocardiogram", electrocardiogram != nil),
                ("sensitivityPoints", sensitivityPoints != nil),
                ("quantity", quantity != nil), ("value", value != nil), ("objects", objects != nil),
                ("workoutActivityType", workoutActivityType != nil), ("duration", duration != nil),
                ("workoutEvents", workoutEvents != nil), ("totalEnergyBurned", totalEnergyBurned != nil),
                ("totalDistance", totalDistance != nil), ("totalSwimmingStrokeCount", totalSwimmingStrokeCount != nil),
                ("totalFlightsClimbed", totalFlightsClimbed != nil), ("workoutActivities", workoutActivities != nil),
                ("statistics", statistics != nil), ("associatedSamples", associatedSamples != nil),
            ] + presentRecordFields
        let allowed: Set<String>
        switch type {
        case is HKQuantityType: allowed = ["quantity", "series", "seriesQuantities"]
        case is HKSeriesType where type.identifier == HKDataTypeIdentifierHeartbeatSeries:
            allowed = ["count", "heartbeats"]
        case is HKElectrocardiogramType: allowed = ["electrocardiogram"]
        case is HKAudiogramSampleType: allowed = ["sensitivityPoints"]
        case is HKCategoryType: allowed = ["value"]
        case is HKCorrelationType: allowed = ["objects"]
        case is HKWorkoutType:
            allowed = [
                "workoutActivityType", "duration", "workoutEvents", "totalEnergyBurned", "totalDistance",
                "totalSwimmingStrokeCount", "totalFlightsClimbed", "workoutActivities", "statistics",
                "associatedSamples",
            ]
        case is HKSeriesType: allowed = ["count"]
        default: allowed = Set([Self.recordField(for: type)].compactMap { $0 })
        }
        if let misplaced = present.first(where: { $0.1 && !allowed.contains($0.0) }) {
            throw HKError.invalidArgument("A sample of type \(type.identifier) has no field \(misplaced.0)")
        }
    }

    private func required<T>(_ value: T?, _ field: String) throws -> T {
        guard let value else { throw HKError.invalidArgument("A sample of type \(type) needs the field \(field)") }
        return value
    }
}
