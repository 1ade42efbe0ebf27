import Foundation
import OpenHealthKitModel

/// The predicates of health records, states of mind and medications on the wire:
/// `clinicalResourceType` (`resourceType`), `clinicalRecord` (`source`: a bundle identifier, `resourceType`,
/// `identifier`), `stateOfMindKind`, `stateOfMindLabel` and `stateOfMindAssociation` (`value`: the raw value),
/// `stateOfMindValence` (`operator`, `valence`), `doseEventConcepts` (`codes`), `doseEventStatuses` (`statuses`: raw
/// values), `doseEventScheduledDates` (`dates`), `doseEventScheduledRange` (`startDate`, `endDate`, either optional),
/// `medicationArchived` and `medicationHasSchedule` (`flag`).
extension WirePredicate {
    static func recordCondition(_ kind: String, _ container: Container) throws -> PredicateCondition? {
        func string(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func raw<T: RawRepresentable>(_ type: T.Type) throws -> Int where T.RawValue == Int {
            let value = try container.decode(Int.self, forKey: .value)
            guard T(rawValue: value) != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .value, in: container, debugDescription: "\(value) is not a \(T.self) raw value")
            }
            return value
        }
        switch kind {
        case "clinicalResourceType":
            return .clinicalRecordResourceType(try string(.resourceType))
        case "clinicalRecord":
            return .clinicalRecord(
                sourceBundleIdentifier: try string(.source), resourceType: try string(.resourceType),
                identifier: try string(.identifier))
        case "stateOfMindKind": return .stateOfMindKind(try raw(HKStateOfMind.Kind.self))
        case "stateOfMindLabel": return .stateOfMindLabel(try raw(HKStateOfMind.Label.self))
        case "stateOfMindAssociation": return .stateOfMindAssociation(try raw(HKStateOfMind.Association.self))
        case "stateOfMindValence":
            let text = try string(.operator)
            guard let comparison = ComparisonOperator(rawValue: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .operator, in: container,
                    debugDescription: "\(text) is not an operator: use <, <=, >, >=, == or !=")
            }
            return .stateOfMindValence(
                comparison: comparison, valence: try container.decode(Double.self, forKey: .valence))
        case "doseEventConcepts":
            return .doseEventConcepts(Set(try container.decode([String].self, forKey: .codes)))
        case "doseEventStatuses":
            let statuses = try container.decode([Int].self, forKey: .statuses)
            if let wrong = statuses.first(where: { HKMedicationDoseEvent.LogStatus(rawValue: $0) == nil }) {
                throw DecodingError.dataCorruptedError(
                    forKey: .statuses, in: container, debugDescription: "\(wrong) is not a log status raw value")
            }
            return .doseEventStatuses(Set(statuses))
        case "doseEventScheduledDates":
            return .doseEventScheduledDates(Set(try container.decode([WireDate].self, forKey: .dates).map(\.date)))
        case "doseEventScheduledRange":
            return .doseEventScheduledRange(
                start: try container.decodeIfPresent(WireDate.self, forKey: .startDate)?.date,
                end: try container.decodeIfPresent(WireDate.self, forKey: .endDate)?.date)
        case "medicationArchived": return .medicationArchived(try container.decode(Bool.self, forKey: .flag))
        case "medicationHasSchedule": return .medicationHasSchedule(try container.decode(Bool.self, forKey: .flag))
        default: return nil
        }
    }

    static func encodeRecord(_ condition: PredicateCondition, into container: inout KeyedEncodingContainer<CodingKeys>)
        throws
    {
        func kind(_ name: String) throws { try container.encode(name, forKey: .kind) }
        switch condition {
        case .clinicalRecordResourceType(let resourceType):
            try kind("clinicalResourceType")
            try container.encode(resourceType, forKey: .resourceType)
        case .clinicalRecord(let source, let resourceType, let identifier):
            try kind("clinicalRecord")
            try container.encode(source, forKey: .source)
            try container.encode(resourceType, forKey: .resourceType)
            try container.encode(identifier, forKey: .identifier)
        case .stateOfMindKind(let value):
            try kind("stateOfMindKind")
            try container.encode(value, forKey: .value)
        case .stateOfMindLabel(let value):
            try kind("stateOfMindLabel")
            try container.encode(value, forKey: .value)
        case .stateOfMindAssociation(let value):
            try kind("stateOfMindAssociation")
            try container.encode(value, forKey: .value)
        case .stateOfMindValence(let comparison, let valence):
            try kind("stateOfMindValence")
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(valence, forKey: .valence)
        case .doseEventConcepts(let codes):
            try kind("doseEventConcepts")
            try container.encode(codes.sorted(), forKey: .codes)
        case .doseEventStatuses(let statuses):
            try kind("doseEventStatuses")
            try container.encode(statuses.sorted(), forKey: .statuses)
        case .doseEventScheduledDates(let dates):
            try kind("doseEventScheduledDates")
            try container.encode(dates.sorted().map(WireDate.init), forKey: .dates)
        case .doseEventScheduledRange(let start, let end):
            try kind("doseEventScheduledRange")
            try container.encodeIfPresent(start.map(WireDate.init), forKey: .startDate)
            try container.encodeIfPresent(end.map(WireDate.init), forKey: .endDate)
        case .medicationArchived(let flag):
            try kind("medicationArchived")
            try container.encode(flag, forKey: .flag)
        case .medicationHasSchedule(let flag):
            try kind("medicationHasSchedule")
            try container.encode(flag, forKey: .flag)
        default:
            throw EncodingError.invalidValue(
                condition, .init(codingPath: container.codingPath, debugDescription: "a condition without a wire form"))
        }
    }
}
