package import Foundation
package import OpenHealthKitModel

/// Rebuilds saved objects from storage rows, sharing one type, unit, source revision and device object per distinct
/// value among the rows it decodes. The row before is remembered: a run of rows of one type, revision and device (most
/// answers) compares their strings, which a storage that shares them across rows compares by identity, and hashes
/// nothing.
package final class RowDecoding {
    private var types: [String: HKObjectType] = [:]
    private var revisions: [RevisionKey: HKSourceRevision] = [:]
    private var devices: [DeviceRow: HKDevice] = [:]
    private var lastType: (identifier: String, type: HKObjectType?)?
    private var lastRevision: (key: RevisionKey, revision: HKSourceRevision)?
    private var lastDevice: (row: DeviceRow, device: HKDevice)?
    /// Finds the member rows of a correlation.
    private let members: (UUID) throws -> [SampleRow]
    /// How much of a CDA document samples carry (none for sample and anchored queries, as in HealthKit).
    package var documentContent = DocumentContent.none

    private struct RevisionKey: Hashable {
        let source: SourceRow
        let revision: RevisionRow
    }

    package init(members: @escaping (UUID) throws -> [SampleRow]) {
        self.members = members
    }

    package func sample(from row: SampleRow) throws -> HKSample? {
        guard let type = type(row.typeIdentifier) else { return nil }
        let start = Date(timeIntervalSince1970: row.startDate)
        let end = Date(timeIntervalSince1970: row.endDate)
        let device = row.device.map(device(_:))
        let metadata = MetadataCoding.decode(row.metadata)
        let revision = sourceRevision(row)
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

    private func type(_ identifier: String) -> HKObjectType? {
        if let lastType, lastType.identifier == identifier { return lastType.type }
        let type: HKObjectType?
        if let known = types[identifier] {
            type = known
        } else {
            type = HKObjectType.type(forRawIdentifier: identifier)
            types[identifier] = type
        }
        lastType = (identifier, type)
        return type
    }

    private func sourceRevision(_ row: SampleRow) -> HKSourceRevision {
        let key = RevisionKey(source: row.source, revision: row.revision)
        if let lastRevision, lastRevision.key == key { return lastRevision.revision }
        let revision: HKSourceRevision
        if let known = revisions[key] {
            revision = known
        } else {
            revision = row.revision.sourceRevision(of: source(from: row.source))
            revisions[key] = revision
        }
        lastRevision = (key, revision)
        return revision
    }

    private func device(_ row: DeviceRow) -> HKDevice {
        if let lastDevice, lastDevice.row == row { return lastDevice.device }
        let device: HKDevice
        if let known = devices[row] {
            device = known
        } else {
            device = row.device
            devices[row] = device
        }
        lastDevice = (row, device)
        return device
    }
}
