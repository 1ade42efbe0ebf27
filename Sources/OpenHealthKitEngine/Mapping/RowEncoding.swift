import Foundation
package import OpenHealthKitModel

/// Turns objects being saved into storage rows: values in canonical units, correlations followed by their members.
package struct RowEncoding {
    let source: SourceRow
    let revision: RevisionRow

    package init(source: SourceRow, revision: RevisionRow) {
        self.source = source
        self.revision = revision
    }

    package func rows(for object: HKObject) throws -> [SampleRow] {
        switch object {
        case let correlation as HKCorrelation:
            let parent = row(for: correlation, value: nil)
            var members: [SampleRow] = []
            for member in correlation.objects.sorted(by: { $0.startDate < $1.startDate }) {
                guard var memberRow = try rows(for: member).first else { continue }
                memberRow.correlationUUID = correlation.uuid
                members.append(memberRow)
            }
            return [parent] + members
        case let sample as HKQuantitySample:
            var row = row(for: sample, value: try canonicalValue(sample.quantity, type: sample.quantityType))
            if let entries = sample.seriesEntries, entries.count > 1 || sample.series != nil {
                let summary = QuantitySeriesSummary(entries: entries)
                row.detail = .quantitySeries(
                    QuantitySeriesRow(
                        count: summary.count, minimum: summary.minimum, maximum: summary.maximum,
                        mostRecent: summary.mostRecent,
                        mostRecentStart: summary.mostRecentInterval.start.timeIntervalSince1970,
                        mostRecentEnd: summary.mostRecentInterval.end.timeIntervalSince1970,
                        values: entries.map {
                            QuantitySeriesValueRow(
                                start: $0.interval.start.timeIntervalSince1970,
                                end: $0.interval.end.timeIntervalSince1970, value: $0.value)
                        }))
            }
            return [row]
        case let series as HKHeartbeatSeriesSample:
            var row = row(for: series, value: nil)
            let beats = series.beats ?? []
            row.detail = .heartbeatSeries(
                HeartbeatSeriesRow(
                    count: beats.count,
                    beats: beats.map {
                        HeartbeatSeriesBeatRow(timeSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap)
                    }))
            return [row]
        case let audiogram as HKAudiogramSample:
            var row = row(for: audiogram, value: nil)
            row.detail = .audiogram(
                AudiogramRow(points: AudiogramCoding.rows(for: audiogram.sensitivityPoints, sample: audiogram.uuid)))
            return [row]
        case let sample as HKCategorySample:
            return [row(for: sample, value: Double(sample.value))]
        case let workout as HKWorkout:
            var row = row(for: workout, value: workout.duration)
            row.workout = WorkoutRow(
                activityType: workout.workoutActivityType.rawValue,
                totalEnergyBurned: try workout.totalEnergyBurned.map { try $0.convertedValue(to: .kilocalorie()) },
                totalDistance: try workout.totalDistance.map { try $0.convertedValue(to: .meter()) },
                totalSwimmingStrokeCount: try workout.totalSwimmingStrokeCount.map {
                    try $0.convertedValue(to: .count())
                },
                totalFlightsClimbed: try workout.totalFlightsClimbed.map { try $0.convertedValue(to: .count()) },
                events: WorkoutEventCoding.encode(workout.workoutEvents),
                activities: WorkoutCoding.activityRows(of: workout),
                statistics: WorkoutCoding.statisticsRows(of: workout))
            return [row]
        case is HKWorkoutRoute:
            throw HKError.invalidArgument("Workout routes are saved with HKWorkoutRouteBuilder")
        case let sample as HKSample:
            guard let (value, detail) = try RecordDetailEncoding.encode(sample) else { throw Self.unsaveable(object) }
            var row = row(for: sample, value: value)
            row.detail = detail
            return [row]
        default:
            throw Self.unsaveable(object)
        }
    }

    private static func unsaveable(_ object: HKObject) -> HKError {
        HKError.invalidArgument("Objects of class \(type(of: object)) cannot be saved")
    }

    /// The quantity in the type's canonical unit, without converting when it already is.
    private func canonicalValue(_ quantity: HKQuantity, type: HKQuantityType) throws -> Double {
        if quantity.unit == type.canonicalUnit { return quantity.value }
        guard let value = quantity.unit.convert(quantity.value, to: type.canonicalUnit) else {
            throw HKError.invalidArgument(
                "\(type.identifier) requires a unit compatible with \(type.canonicalUnit.unitString)")
        }
        return value
    }

    private func row(for sample: HKSample, value: Double?) -> SampleRow {
        let metadata = sample.metadata
        return SampleRow(
            uuid: sample.uuid, typeIdentifier: sample.sampleType.identifier,
            startDate: sample.startDate.timeIntervalSince1970, endDate: sample.endDate.timeIntervalSince1970,
            value: value, source: source, revision: revision, device: sample.device.map(DeviceRow.init),
            metadata: MetadataCoding.encode(metadata),
            syncIdentifier: metadata?[HKMetadataKeySyncIdentifier] as? String,
            syncVersion: (metadata?[HKMetadataKeySyncVersion]).flatMap(Self.integer))
    }

    private static func integer(_ value: Any) -> Int64? {
        switch value {
        case let number as NSNumber: return number.int64Value
        case let integer as Int: return Int64(integer)
        case let double as Double: return Int64(double)
        default: return nil
        }
    }
}
