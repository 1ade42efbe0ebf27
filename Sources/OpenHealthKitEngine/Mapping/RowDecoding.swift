package import Foundation
package import OpenHealthKitModel

/// Rebuilds saved objects from storage rows, sharing one type, unit, source revision and device object per distinct
/// value among the rows it decodes. The last two origins are remembered: a run of rows of one origin (most answers),
/// or rows alternating between two (a phone's and a watch's, read by date), are known by the identity of the origins
/// a storage shares among its rows, or else by comparing strings with the last, and hash nothing.
package final class RowDecoding {
    private var types: [String: HKObjectType] = [:]
    private var revisions: [RevisionKey: HKSourceRevision] = [:]
    private var devices: [DeviceRow: HKDevice] = [:]
    private var last: (origin: SampleRow.Origin, objects: OriginObjects)?
    private var beforeLast: (origin: SampleRow.Origin, objects: OriginObjects)?
    /// Finds the member rows of a correlation.
    private let members: (UUID) throws -> [SampleRow]
    /// How much of a CDA document samples carry (none for sample and anchored queries, as in HealthKit).
    package var documentContent = DocumentContent.none

    /// The objects an origin stands for.
    private struct OriginObjects {
        let type: HKObjectType?
        let revision: HKSourceRevision
        let device: HKDevice?
    }

    private struct RevisionKey: Hashable {
        let source: SourceRow
        let revision: RevisionRow
    }

    package init(members: @escaping (UUID) throws -> [SampleRow]) {
        self.members = members
    }

    package func sample(from row: SampleRow) throws -> HKSample? {
        let origin = objects(of: row.origin)
        guard let type = origin.type else { return nil }
        let start = Date(timeIntervalSince1970: row.startDate)
        let end = Date(timeIntervalSince1970: row.endDate)
        let device = origin.device
        let metadata = MetadataCoding.decode(row.metadata)
        let revision = origin.revision
        switch type {
        case let quantityType as HKQuantityType:
            var series: QuantitySeriesSummary?
            if case .quantitySeries(let detail) = row.detail {
                series = QuantitySeriesSummary(
                    count: detail.count, minimum: detail.minimum, maximum: detail.maximum,
                    mostRecent: detail.mostRecent,
                    mostRecentInterval: DateInterval(
                        start: Date(timeIntervalSince1970: detail.mostRecentStart),
                        end: Date(timeIntervalSince1970: detail.mostRecentEnd)))
            }
            return HKQuantitySample.stored(
                uuid: row.uuid, type: quantityType,
                quantity: HKQuantity(unit: quantityType.canonicalUnit, doubleValue: row.value ?? 0),
                start: start, end: end, device: device, metadata: metadata, sourceRevision: revision, series: series)
        case let categoryType as HKCategoryType:
            return HKCategorySample(
                uuid: row.uuid, type: categoryType, value: Int(row.value ?? 0), start: start, end: end, device: device,
                metadata: metadata, sourceRevision: revision)
        case let correlationType as HKCorrelationType:
            let objects = try members(row.uuid).compactMap { try sample(from: $0) }
            return HKCorrelation(
                uuid: row.uuid, type: correlationType, start: start, end: end, objects: Set(objects), device: device,
                metadata: metadata, sourceRevision: revision)
        case is HKWorkoutType:
            let workout = row.workout
            let activityType = workout.flatMap { HKWorkoutActivityType(rawValue: $0.activityType) } ?? .other
            let events = WorkoutEventCoding.decode(workout?.events)
            return HKWorkout(
                uuid: row.uuid, activityType: activityType, start: start, end: end, workoutEvents: events,
                duration: row.value ?? 0,
                totalEnergyBurned: workout?.totalEnergyBurned.map { HKQuantity(unit: .kilocalorie(), doubleValue: $0) },
                totalDistance: workout?.totalDistance.map { HKQuantity(unit: .meter(), doubleValue: $0) },
                totalSwimmingStrokeCount: workout?.totalSwimmingStrokeCount.map {
                    HKQuantity(unit: .count(), doubleValue: $0)
                },
                totalFlightsClimbed: workout?.totalFlightsClimbed.map { HKQuantity(unit: .count(), doubleValue: $0) },
                device: device, metadata: metadata, sourceRevision: revision,
                activities: WorkoutCoding.activities(
                    from: workout?.activities ?? [], statistics: workout?.statistics ?? [], workoutType: activityType,
                    workoutEvents: events ?? []),
                statistics: WorkoutCoding.statistics(from: workout?.statistics ?? [], activity: nil))
        case is HKSeriesType where row.typeIdentifier == HKWorkoutRouteTypeIdentifier:
            guard case .workoutRoute(let route) = row.detail else { return nil }
            return HKWorkoutRoute(
                uuid: row.uuid, start: start, end: end, count: route.locationCount, device: device, metadata: metadata,
                sourceRevision: revision)
        case is HKSeriesType where row.typeIdentifier == HKDataTypeIdentifierHeartbeatSeries:
            guard case .heartbeatSeries(let detail) = row.detail else { return nil }
            return HKHeartbeatSeriesSample(
                uuid: row.uuid, count: detail.count, start: start, end: end, device: device, metadata: metadata,
                sourceRevision: revision)
        case is HKElectrocardiogramType:
            guard case .electrocardiogram(let detail) = row.detail else { return nil }
            return HKElectrocardiogram(
                uuid: row.uuid, start: start, end: end, numberOfVoltageMeasurements: detail.voltageCount,
                samplingFrequency: detail.samplingFrequency.map { HKQuantity(unit: .hertz(), doubleValue: $0) },
                classification: HKElectrocardiogram.Classification(rawValue: detail.classification) ?? .unrecognized,
                averageHeartRate: detail.averageHeartRate.map {
                    HKQuantity(unit: Self.beatsPerMinute, doubleValue: $0)
                },
                symptomsStatus: HKElectrocardiogram.SymptomsStatus(rawValue: detail.symptomsStatus) ?? .notSet,
                device: device, metadata: metadata, sourceRevision: revision)
        case is HKAudiogramSampleType:
            guard case .audiogram(let detail) = row.detail else { return nil }
            return HKAudiogramSample(
                uuid: row.uuid, sensitivityPoints: AudiogramCoding.points(from: detail.points), start: start, end: end,
                device: device, metadata: metadata, sourceRevision: revision)
        default:
            return RecordDetailDecoding.sample(
                from: row, type: type, start: start, end: end, device: device, metadata: metadata, revision: revision,
                documentContent: documentContent)
        }
    }

    private static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())

    package func deletedObject(from row: DeletedRow) -> HKDeletedObject {
        var metadata: [String: Any] = [:]
        if let syncIdentifier = row.syncIdentifier { metadata[HKMetadataKeySyncIdentifier] = syncIdentifier }
        if let syncVersion = row.syncVersion { metadata[HKMetadataKeySyncVersion] = NSNumber(value: syncVersion) }
        return HKDeletedObject(uuid: row.uuid, metadata: metadata.isEmpty ? nil : metadata)
    }

    package func source(from row: SourceRow) -> HKSource {
        HKSource(name: row.name, bundleIdentifier: row.bundleIdentifier)
    }

    private func objects(of origin: SampleRow.Origin) -> OriginObjects {
        if let last, last.origin == origin { return last.objects }
        let objects: OriginObjects
        if let beforeLast, beforeLast.origin === origin {
            objects = beforeLast.objects
        } else {
            objects = OriginObjects(
                type: type(origin.typeIdentifier), revision: sourceRevision(origin),
                device: origin.device.map(device(_:)))
        }
        (beforeLast, last) = (last, (origin, objects))
        return objects
    }

    private func type(_ identifier: String) -> HKObjectType? {
        if let known = types[identifier] { return known }
        let type = HKObjectType.type(forRawIdentifier: identifier)
        types[identifier] = type
        return type
    }

    private func sourceRevision(_ origin: SampleRow.Origin) -> HKSourceRevision {
        let key = RevisionKey(source: origin.source, revision: origin.revision)
        if let known = revisions[key] { return known }
        let revision = origin.revision.sourceRevision(of: source(from: origin.source))
        revisions[key] = revision
        return revision
    }

    private func device(_ row: DeviceRow) -> HKDevice {
        if let known = devices[row] { return known }
        let device = row.device
        devices[row] = device
        return device
    }
}
