import Foundation
import OpenHealthKitModel

/// The records of the sections beside metrics and workouts, each one sample:
/// - `symptoms` (`{start, end, name, severity, userEntered?}`): the symptom's category type, named by its words
///   ("Headache", "Rapid, Pounding, or Fluttering Heartbeat"), with its severity;
/// - `cycleTracking` (`{start, end, name, value, isCycleStart?}`): the category type the name gives ("Menstrual
///   Flow", "Cervical Mucus Quality", "Ovulation Test Result"...), with its value by its words ("Medium", "Egg White");
/// - `stateOfMind` (`{start, kind, valence, labels, associations}`): an `HKStateOfMind`;
/// - `heartRateNotifications` (`{start, end, threshold?, heartRate}`): a high or low heart-rate event (above or below
///   its threshold), or an irregular rhythm event (no threshold).
struct AutoExportSections {
    let records: AutoExportRecords

    func sample(_ record: JSONValue, section: String, source: SampleSource) throws(AutoExportRecords.Refusal)
        -> HKSample
    {
        let (start, end) = try AutoExportRecords.startAndEnd(record)
        switch section {
        case "stateOfMind": return try stateOfMind(record, at: start, source: source)
        case "heartRateNotifications": return try notification(record, start: start, end: end, source: source)
        default:
            let valueKey = section == "symptoms" ? "severity" : "value"
            return try category(record, valueKey: valueKey, start: start, end: end, source: source)
        }
    }

    /// A symptom or a cycle-tracking entry.
    private func category(
        _ record: JSONValue, valueKey: String, start: Double, end: Double, source: SampleSource
    ) throws(AutoExportRecords.Refusal) -> HKSample {
        let name = try AutoExportRecords.text(record, "name")
        let identifier = "HKCategoryTypeIdentifier" + Self.camelCase(name)
        guard let type = HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier(rawValue: identifier)) else {
            throw AutoExportRecords.Refusal("no HealthKit category type for \"\(name.prefix(60))\"")
        }
        let value: Int
        if let label = record[valueKey]?.string, !type.hasNoDefinedValue {
            guard let named = type.value(named: Self.valueAliases[label] ?? Self.camelCase(label)) else {
                throw AutoExportRecords.Refusal("\(valueKey) \"\(label.prefix(40))\" is not a value of \(identifier)")
            }
            value = named
        } else if type.hasNoDefinedValue {
            value = HKCategoryValue.notApplicable.rawValue
        } else {
            throw AutoExportRecords.Refusal("no \"\(valueKey)\"")
        }
        var metadata: [String: Any] = [:]
        if type.identifier == HKCategoryTypeIdentifier.menstrualFlow.rawValue {
            metadata[HKMetadataKeyMenstrualCycleStart] = record["isCycleStart"] == .bool(true)
        }
        if case .bool(let entered) = record["userEntered"] { metadata[HKMetadataKeyWasUserEntered] = entered }
        return records.categorySample(
            type, value, start, end, source, metadata: metadata.isEmpty ? nil : metadata)
    }

    private func stateOfMind(_ record: JSONValue, at date: Double, source: SampleSource)
        throws(AutoExportRecords.Refusal) -> HKSample
    {
        let valence = try AutoExportRecords.number(record, "valence")
        guard (-1...1).contains(valence) else { throw AutoExportRecords.Refusal("valence must be from -1 to 1") }
        let kind: HKStateOfMind.Kind =
            switch record["kind"]?.string?.lowercased() {
            case "daily mood", "dailymood", "mood": .dailyMood
            default: .momentaryEmotion
            }
        let labels = try names(record, "labels", HKStateOfMind.Label.allCases)
        let associations = try names(record, "associations", HKStateOfMind.Association.allCases)
        records.identity.reset(orderedBy: date)
        records.identity.add("hae")
        records.identity.add(HKDataTypeIdentifierStateOfMind)
        records.identity.add(date: date)
        records.identity.add(integer: Int64(kind.rawValue))
        records.identity.add(integer: Int64(bitPattern: valence.bitPattern))
        records.identity.add(labels.map { String($0.rawValue) }.joined(separator: ","))
        records.identity.add(associations.map { String($0.rawValue) }.joined(separator: ","))
        records.identity.add(source.name)
        return HKStateOfMind(
            uuid: records.identity.uuid(), date: Date(timeIntervalSince1970: date), kind: kind, valence: valence,
            labels: labels, associations: associations, device: source.device, metadata: nil,
            sourceRevision: source.revision)
    }

    /// The cases a list of words names ("Calm", "Current Events"), each by its words.
    private func names<Case>(_ record: JSONValue, _ key: String, _ cases: [Case]) throws(AutoExportRecords.Refusal)
        -> [Case]
    {
        var found: [Case] = []
        for element in record[key]?.array ?? [] {
            let words = Self.camelCase(element.string ?? "")
            guard
                let match = cases.first(where: { String(describing: $0).caseInsensitiveCompare(words) == .orderedSame })
            else {
                throw AutoExportRecords.Refusal(
                    "\(key) holds \"\((element.string ?? "?").prefix(40))\", not one of HealthKit's")
            }
            found.append(match)
        }
        return found
    }

    private func notification(_ record: JSONValue, start: Double, end: Double, source: SampleSource)
        throws(AutoExportRecords.Refusal) -> HKSample
    {
        let beats = HKUnit(from: "count/min")
        guard let threshold = record["threshold"]?.number else {
            return records.categorySample(
                HKCategoryType(.irregularHeartRhythmEvent), HKCategoryValue.notApplicable.rawValue, start, end, source)
        }
        let rates = (record["heartRate"]?.array ?? []).compactMap { $0["hr"]?.number }
        // Without readings, the threshold tells: Apple's low ones are 40 and 50, its high ones 100 to 150.
        let high = rates.isEmpty ? threshold >= 90 : rates.contains { $0 >= threshold }
        return records.categorySample(
            HKCategoryType(high ? .highHeartRateEvent : .lowHeartRateEvent), HKCategoryValue.notApplicable.rawValue,
            start, end, source,
            metadata: [HKMetadataKeyHeartRateEventThreshold: HKQuantity(unit: beats, doubleValue: threshold)])
    }

    /// Value words that are not their case's name.
    private static let valueAliases = ["LH Surge": "luteinizingHormoneSurge", "Present": "present"]

    /// "Rapid, Pounding, or Fluttering Heartbeat" → "RapidPoundingOrFlutteringHeartbeat".
    static func camelCase(_ words: String) -> String {
        words.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
