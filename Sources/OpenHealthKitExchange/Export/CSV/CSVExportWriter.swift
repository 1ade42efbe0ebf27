import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Writes one CSV file per type into the export folder (docs/EXPORT.md): `stepCount.csv`, `sleepAnalysis.csv`,
/// `bloodPressure.csv`, `workout.csv`, `activitySummary.csv`, `characteristics.csv`. Each has a header row; dates are
/// ISO 8601 with their offset, quantities in the owner's preferred unit beside a unit column, devices and metadata as
/// text and JSON.
///
/// Records arrive type after type, so one file is open at a time.
final class CSVExportWriter: ExportWriter {
    private let context: ExportContext
    private var open: (name: String, file: ExportFile)?

    init(context: ExportContext) {
        self.context = context
    }

    func begin() throws {
        let rows = context.characteristics.compactMap { type, stored -> [String?]? in
            guard !stored.isEmpty else { return nil }
            context.summary.characteristics += 1
            return [
                HKObjectType.shortName(forRawIdentifier: type.rawValue), Self.characteristicValue(type, stored: stored),
            ]
        }
        guard !rows.isEmpty else { return }
        let file = try ExportFile(creating: context.root.appendingPathComponent("characteristics.csv"))
        try file.write(CSVLine.line(["characteristic", "value"]) + rows.map(CSVLine.line).joined())
        try file.close()
    }

    func finish() throws {
        try open?.file.close()
        open = nil
    }

    /// The file named `name`, with its header written when it is new.
    private func file(_ name: String, header: [String]) throws -> ExportFile {
        if let open, open.name == name { return open.file }
        try open?.file.close()
        let file = try ExportFile(creating: context.root.appendingPathComponent(name + ".csv"))
        try file.write(CSVLine.line(header))
        open = (name, file)
        return file
    }

    // MARK: Samples

    private static let sampleHeader = [
        "uuid", "start", "end", "value", "unit", "source", "source_version", "device", "metadata",
    ]
    private static let workoutHeader = [
        "uuid", "start", "end", "activity_type", "duration", "duration_unit", "total_distance", "total_distance_unit",
        "total_energy_burned", "total_energy_burned_unit", "source", "source_version", "device", "metadata",
    ]

    func record(_ record: ExportRecord) throws {
        let row = record.sample
        let fields: [String?]
        let file: ExportFile
        switch context.kind(row.typeIdentifier) {
        case .quantity(let type):
            let unit = context.preferredUnits[type.identifier] ?? type.canonicalUnit
            let value = row.value.flatMap { type.canonicalUnit.convert($0, to: unit) }
            file = try self.file(type.name, header: Self.sampleHeader)
            fields = [value.map(NumberText.readable), unit.unitString]
        case .category(let type):
            file = try self.file(type.name, header: Self.sampleHeader)
            let number = Int(row.value ?? 0)
            fields = [type.valueName(for: number) ?? String(number), nil]
        case .correlation(let type):
            file = try self.file(type.shortName, header: Self.sampleHeader)
            fields = [members(record.members), nil]
        case .audiogram:
            file = try self.file("audiogram", header: Self.sampleHeader)
            fields = [points(record.sample.audiogramPoints), nil]
        case .electrocardiogram:
            file = try self.file("electrocardiogram", header: Self.sampleHeader)
            fields = [electrocardiogram(record), nil]
        case .heartbeatSeries:
            file = try self.file("heartbeatSeries", header: Self.sampleHeader)
            fields = [beats(record.heartbeatSeriesBeats), nil]
        case .workout:
            guard let workout = row.workout, let activityType = HKWorkoutActivityType(rawValue: workout.activityType)
            else {
                return context.notWritten(row.typeIdentifier)
            }
            let durationUnit = HKUnit.minute()
            let distanceUnit =
                context.preferredUnits[HKQuantityTypeIdentifier.distanceWalkingRunning.rawValue] ?? .meter()
            file = try self.file("workout", header: Self.workoutHeader)
            fields = [
                String(describing: activityType),
                row.value.flatMap { HKUnit.second().convert($0, to: durationUnit) }.map(NumberText.readable),
                durationUnit.unitString,
                workout.totalDistance.flatMap { HKUnit.meter().convert($0, to: distanceUnit) }.map(NumberText.readable),
                workout.totalDistance.map { _ in distanceUnit.unitString },
                workout.totalEnergyBurned.map(NumberText.readable), workout.totalEnergyBurned.map { _ in "kcal" },
            ]
        case .clinicalRecord, .cdaDocument, .stateOfMind, .scoredAssessment, .medicationDoseEvent,
            .visionPrescription:
            guard let value = RecordDetailText.json(row) else { return context.notWritten(row.typeIdentifier) }
            file = try self.file(
                HKObjectType.shortName(forRawIdentifier: row.typeIdentifier), header: Self.sampleHeader)
            fields = [value, nil]
        case .other:
            return context.notWritten(row.typeIdentifier)
        }
        try file.write(
            CSVLine.line(
                [row.uuid.uuidString, isoDate(row.startDate), isoDate(row.endDate)] + fields + [
                    row.source.name, row.revision.version.isEmpty ? nil : row.revision.version,
                    row.device.map {
                        DeviceText.labelled($0).map { $0.label + ":" + $0.value }.joined(separator: ", ")
                    },
                    MetadataText.plainJSON(row.metadata, offset: context.offset),
                ]))
        context.count(record)
    }

    /// A correlation's members, as a JSON array of their types, values and units.
    private func members(_ members: [ExportRecord]) -> String {
        "["
            + members.map { member -> String in
                var object = JSONObject()
                object.string("uuid", member.sample.uuid.uuidString)
                if case .quantity(let type) = context.kind(member.sample.typeIdentifier) {
                    let unit = context.preferredUnits[type.identifier] ?? type.canonicalUnit
                    object.string("type", type.name)
                    object.number("value", member.sample.value.flatMap { type.canonicalUnit.convert($0, to: unit) })
                    object.string("unit", unit.unitString)
                } else {
                    object.string("type", member.sample.typeIdentifier)
                }
                return object.json
            }.joined(separator: ",") + "]"
    }

    /// An electrocardiogram as a JSON object: its classification and symptoms status (case names), its symptoms'
    /// types (short names), average heart rate (count/min) and sampling frequency (Hz) when known, the number of
    /// voltages, and the first lead's voltages in microvolts.
    private func electrocardiogram(_ record: ExportRecord) -> String? {
        guard case .electrocardiogram(let detail) = record.sample.detail else { return nil }
        var object = JSONObject()
        object.string(
            "classification",
            "\(HKElectrocardiogram.Classification(rawValue: detail.classification) ?? .unrecognized)")
        object.string("symptoms_status", ["notSet", "none", "present"][min(max(detail.symptomsStatus, 0), 2)])
        object.raw(
            "symptoms",
            "["
                + record.electrocardiogramSymptoms.map {
                    JSONStringLiteral.quoted(HKObjectType.shortName(forRawIdentifier: $0))
                }.joined(separator: ",") + "]")
        object.number("average_heart_rate", detail.averageHeartRate)
        object.number("sampling_frequency_hz", detail.samplingFrequency)
        object.number("voltage_count", Double(detail.voltageCount))
        let microvolts = record.electrocardiogramLeads.first?.microvolts ?? []
        object.raw("lead_i_microvolts", "[" + microvolts.map(NumberText.decimal).joined(separator: ",") + "]")
        return object.json
    }

    /// A heartbeat series' beats, as a JSON array (seconds since the series' start, preceded by a gap).
    private func beats(_ beats: [HeartbeatSeriesBeatRow]) -> String {
        "["
            + beats.map { beat -> String in
                var object = JSONObject()
                object.number("time_since_start", beat.timeSinceStart)
                object.raw("preceded_by_gap", beat.precededByGap ? "true" : "false")
                return object.json
            }.joined(separator: ",") + "]"
    }

    /// An audiogram's points, as a JSON array (frequency in Hz, each ear in dBHL).
    private func points(_ points: [AudiogramPointRow]) -> String {
        "["
            + points.map { point -> String in
                var object = JSONObject()
                object.number("frequency_hz", point.frequency)
                object.number("left_ear_dbhl", point.leftEar)
                object.number("right_ear_dbhl", point.rightEar)
                return object.json
            }.joined(separator: ",") + "]"
    }

    // MARK: Other records

    private static let summaryHeader = [
        "date", "active_energy_burned", "active_energy_burned_goal", "energy_unit", "apple_move_time",
        "apple_move_time_goal",
        "apple_exercise_time", "apple_exercise_time_goal", "time_unit", "apple_stand_hours", "apple_stand_hours_goal",
    ]

    func activitySummary(_ summary: ActivitySummaryRow) throws {
        let file = try self.file("activitySummary", header: Self.summaryHeader)
        let number = { (value: Double?) in value.map(NumberText.readable) }
        try file.write(
            CSVLine.line([
                summary.date, number(summary.activeEnergyBurned), number(summary.activeEnergyBurnedGoal), "kcal",
                number(summary.appleMoveTime), number(summary.appleMoveTimeGoal), number(summary.appleExerciseTime),
                number(summary.appleExerciseTimeGoal), "min", number(summary.appleStandHours),
                number(summary.appleStandHoursGoal),
            ]))
        context.summary.activitySummaries += 1
    }

    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws {
        context.notWritten("Unrecognized")
    }

    // MARK: Names

    private func isoDate(_ seconds: Double) -> String {
        DateText.iso(seconds, offset: context.offset(seconds))
    }

    /// A characteristic's case name (`female`, `oNegative`), or the date of birth.
    private static func characteristicValue(_ type: HKCharacteristicTypeIdentifier, stored: String) -> String {
        CharacteristicLabels.caseName(type, stored: stored) ?? stored
    }
}
