import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Turns one record of a metric into its samples, each with the UUID its contents name (``ImportIdentity``), so that
/// the same record pushed again names the same samples and is stored once.
///
/// A record's identity is `hae ␟ type ␟ start ␟ end ␟ value ␟ unit ␟ source` (dates in milliseconds, the value's
/// 64 bits as a double, and the unit in HealthKit's spelling: `bpm` is `count/min`);
/// docs/INGEST.md lists it.
struct AutoExportRecords {
    /// A sample of a record, before its source is attached.
    struct Draft {
        var uuid: UUID
        var object: HKSample
    }

    /// Why a record is refused (the push's answer names it).
    struct Refusal: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    let identity = ImportIdentity()

    /// Metadata key of a heart-rate sample's lowest and highest beats per minute, when the app aggregated several.
    static let minimumKey = "OpenHealthKitIngestMinimum"
    static let maximumKey = "OpenHealthKitIngestMaximum"

    /// The samples of `record`, a record of `metric` in `unit` (nil when the metric names none or none that fits).
    func samples(
        _ record: JSONValue, of metric: AutoExportMetric, unit: (HKUnit, String)?, source: SampleSource
    ) throws(Refusal) -> [HKSample] {
        switch metric {
        case .quantity(let type):
            let unit = try Self.require(unit, for: type)
            let (start, end) = try Self.interval(record)
            let quantity = try Self.number(record, "qty")
            return [quantitySample(type, quantity, unit, start, end, source, metadata: nil)]
        case .heartRate:
            let type = HKQuantityType(.heartRate)
            let unit = try Self.require(unit ?? (HKUnit(from: "count/min"), "count/min"), for: type)
            let (start, end) = try Self.interval(record)
            let average = try (record["Avg"]?.number ?? record["qty"]?.number).orRefuse("no \"Avg\" number")
            var metadata: [String: Any]?
            if let minimum = record["Min"]?.number, let maximum = record["Max"]?.number, minimum != maximum {
                metadata = [
                    Self.minimumKey: HKQuantity(unit: unit, doubleValue: minimum),
                    Self.maximumKey: HKQuantity(unit: unit, doubleValue: maximum),
                ]
            }
            return [quantitySample(type, average, unit, start, end, source, metadata: metadata)]
        case .bloodPressure:
            return [try bloodPressure(record, unit: unit, source: source)]
        case .sleepAnalysis:
            let secondsPerUnit = unit?.1 == "min" ? 60.0 : 3600.0
            return try AutoExportSleep(records: self, secondsPerUnit: secondsPerUnit).samples(record, source: source)
        case .bloodGlucose:
            let type = HKQuantityType(.bloodGlucose)
            let unit = try Self.require(unit, for: type)
            let (start, end) = try Self.interval(record)
            var metadata: [String: Any]?
            switch record["mealTime"]?.string {
            case "Before Meal":
                metadata = [HKMetadataKeyBloodGlucoseMealTime: HKBloodGlucoseMealTime.preprandial.rawValue]
            case "After Meal":
                metadata = [HKMetadataKeyBloodGlucoseMealTime: HKBloodGlucoseMealTime.postprandial.rawValue]
            case nil, "Unspecified": break
            case let other?: throw Refusal("mealTime \"\(other)\" is not Before Meal, After Meal or Unspecified")
            }
            return [
                quantitySample(
                    type, try Self.number(record, "qty"), unit, start, end, source, metadata: metadata,
                    label: record["mealTime"]?.string ?? "")
            ]
        case .insulinDelivery:
            let type = HKQuantityType(.insulinDelivery)
            let unit = try Self.require(unit ?? (HKUnit.internationalUnit(), "IU"), for: type)
            let (start, end) = try Self.interval(record)
            let reason: HKInsulinDeliveryReason
            switch record["reason"]?.string {
            case "Basal": reason = .basal
            case "Bolus": reason = .bolus
            default: throw Refusal("reason must be Basal or Bolus (HealthKit needs one)")
            }
            let metadata: [String: Any] = [HKMetadataKeyInsulinDeliveryReason: reason.rawValue]
            return [
                quantitySample(
                    type, try Self.number(record, "qty"), unit, start, end, source, metadata: metadata,
                    label: String(reason.rawValue))
            ]
        case .session(let type):
            let (start, _) = try Self.interval(record)
            let minutes = try Self.number(record, "qty")
            guard minutes >= 0 else { throw Refusal("qty must not be negative") }
            return [categorySample(type, HKCategoryValue.notApplicable.rawValue, start, start + minutes * 60, source)]
        case .timedEvent(let type):
            let (start, _) = try Self.interval(record)
            let seconds = record["qty"]?.number ?? 0
            guard seconds >= 0 else { throw Refusal("qty must not be negative") }
            return [categorySample(type, HKCategoryValue.notApplicable.rawValue, start, start + seconds, source)]
        case .standHour:
            let (start, _) = try Self.interval(record)
            let stood = try Self.number(record, "qty") > 0
            let value =
                stood ? HKCategoryValueAppleStandHour.stood.rawValue : HKCategoryValueAppleStandHour.idle.rawValue
            return [categorySample(HKCategoryType(.appleStandHour), value, start, start + 3600, source)]
        case .event(let type):
            let (start, end) = try Self.interval(record)
            let count = record["qty"]?.number ?? 1
            guard count >= 0, count <= 100, count == count.rounded() else { throw Refusal("qty must be a whole count") }
            return (0..<Int(count)).map { occurrence in
                categorySample(type, HKCategoryValue.notApplicable.rawValue, start, end, source, occurrence: occurrence)
            }
        case .sexualActivity:
            return try sexualActivity(record, source: source)
        }
    }

    private func bloodPressure(_ record: JSONValue, unit: (HKUnit, String)?, source: SampleSource) throws(Refusal)
        -> HKSample
    {
        let systolicType = HKQuantityType(.bloodPressureSystolic)
        let unit = try Self.require(unit ?? (HKUnit.millimeterOfMercury(), "mmHg"), for: systolicType)
        let (start, end) = try Self.interval(record)
        let systolic = quantitySample(
            systolicType, try Self.number(record, "systolic"), unit, start, end, source, metadata: nil)
        let diastolic = quantitySample(
            HKQuantityType(.bloodPressureDiastolic), try Self.number(record, "diastolic"), unit, start, end,
            source, metadata: nil)
        beginIdentity(HKCorrelationTypeIdentifier.bloodPressure.rawValue, start, end)
        identity.add(systolic.uuid.uuidString)
        identity.add(diastolic.uuid.uuidString)
        identity.add(source.name)
        return HKCorrelation(
            uuid: identity.uuid(), type: HKCorrelationType(.bloodPressure), start: Date(timeIntervalSince1970: start),
            end: Date(timeIntervalSince1970: end), objects: [systolic, diastolic], device: source.device,
            metadata: nil, sourceRevision: source.revision)
    }

    private func sexualActivity(_ record: JSONValue, source: SampleSource) throws(Refusal) -> [HKSample] {
        let (start, end) = try Self.interval(record)
        let kinds: [(String, Bool?)] = [
            ("Unspecified", nil), ("Protection Used", true), ("Protection Not Used", false),
        ]
        var samples: [HKSample] = []
        for (key, protection) in kinds {
            guard let count = record[key]?.number, count != 0 else { continue }
            guard count > 0, count <= 100, count == count.rounded() else {
                throw Refusal("\(key) must be a whole count")
            }
            let metadata = protection.map { [HKMetadataKeySexualActivityProtectionUsed: $0] as [String: Any] }
            for occurrence in 0..<Int(count) {
                samples.append(
                    categorySample(
                        HKCategoryType(.sexualActivity), HKCategoryValue.notApplicable.rawValue, start, end, source,
                        occurrence: occurrence, label: key, metadata: metadata))
            }
        }
        return samples
    }

    /// A quantity sample, named with its unit's own spelling (`bpm` and `count/min` name the same sample) and
    /// `label`, what else tells two samples of one value apart (an insulin dose's reason, a glucose reading's meal).
    func quantitySample(
        _ type: HKQuantityType, _ value: Double, _ unit: HKUnit, _ start: Double, _ end: Double,
        _ source: SampleSource, metadata: [String: Any]?, label: String = ""
    ) -> HKQuantitySample {
        beginIdentity(type.identifier, start, end)
        identity.add(integer: Int64(bitPattern: value.bitPattern))
        identity.add(unit.unitString)
        if !label.isEmpty { identity.add(label) }
        identity.add(source.name)
        return HKQuantitySample(
            uuid: identity.uuid(), type: type, quantity: HKQuantity(unit: unit, doubleValue: value),
            start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end), device: source.device,
            metadata: metadata, sourceRevision: source.revision)
    }

    /// A category sample; `occurrence` and `label` tell apart the samples one record makes alike.
    func categorySample(
        _ type: HKCategoryType, _ value: Int, _ start: Double, _ end: Double, _ source: SampleSource,
        occurrence: Int = 0, label: String = "", metadata: [String: Any]? = nil
    ) -> HKCategorySample {
        beginIdentity(type.identifier, start, end)
        identity.add(integer: Int64(value))
        identity.add(label)
        identity.add(integer: Int64(occurrence))
        identity.add(source.name)
        return HKCategorySample(
            uuid: identity.uuid(), type: type, value: value, start: Date(timeIntervalSince1970: start),
            end: Date(timeIntervalSince1970: end), device: source.device, metadata: metadata,
            sourceRevision: source.revision)
    }

    private func beginIdentity(_ type: String, _ start: Double, _ end: Double) {
        identity.reset(orderedBy: start)
        identity.add("hae")
        identity.add(type)
        identity.add(date: start)
        identity.add(date: end)
    }

    /// A record's start and end: `startDate` and `endDate` when it has them, else its `date` for both.
    static func interval(_ record: JSONValue) throws(Refusal) -> (Double, Double) {
        if let startText = record["startDate"]?.string {
            let start = try date(startText, "startDate")
            let end = try date(try (record["endDate"]?.string).orRefuse("startDate without endDate"), "endDate")
            guard end >= start else { throw Refusal("endDate is before startDate") }
            return (start, end)
        }
        let text = try (record["date"]?.string).orRefuse("no \"date\"")
        let date = try date(text, "date")
        return (date, date)
    }

    static func date(_ text: String, _ field: String) throws(Refusal) -> Double {
        guard let date = AutoExportDate(text) else {
            throw Refusal("\(field) \"\(text.prefix(40))\" is not a date (yyyy-MM-dd HH:mm:ss Z)")
        }
        return date.seconds
    }

    /// A record's date `field`, which it must have.
    static func date(_ record: JSONValue, _ field: String) throws(Refusal) -> Double {
        try date(try text(record, field), field)
    }

    /// A record's `start`, and its `end` (the start when it names none), in order.
    static func startAndEnd(_ record: JSONValue) throws(Refusal) -> (Double, Double) {
        let start = try date(record, "start")
        let end = record["end"]?.string == nil ? start : try date(record, "end")
        guard end >= start else { throw Refusal("end is before start") }
        return (start, end)
    }

    /// A record's string `field`, which it must have.
    static func text(_ record: JSONValue, _ field: String) throws(Refusal) -> String {
        try (record[field]?.string).orRefuse("no \"\(field)\"")
    }

    static func number(_ record: JSONValue, _ field: String) throws(Refusal) -> Double {
        try (record[field]?.number).orRefuse("no \"\(field)\" number")
    }

    /// The metric's unit, when it measures `type`.
    private static func require(_ unit: (HKUnit, String)?, for type: HKQuantityType) throws(Refusal) -> HKUnit {
        guard let unit else { throw Refusal("the metric names no unit of \(type.identifier)") }
        guard type.is(compatibleWith: unit.0) else {
            throw Refusal("unit \"\(unit.1)\" does not measure \(type.identifier)")
        }
        return unit.0
    }
}

/// The source a push names for a record, as its samples carry it.
struct SampleSource {
    let name: String
    let row: SourceRow
    let revision: HKSourceRevision
    let revisionRow: RevisionRow
    let device: HKDevice
}

extension Optional {
    /// The value, or a refusal giving `reason`.
    fileprivate func orRefuse(_ reason: String) throws(AutoExportRecords.Refusal) -> Wrapped {
        guard let self else { throw AutoExportRecords.Refusal(reason) }
        return self
    }
}
