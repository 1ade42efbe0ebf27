import Foundation
package import OpenHealthKitModel

/// Turns a query's predicate into a ``RowCondition`` for the storage: dates to seconds, quantities to the
/// queried type's canonical unit, revisions and devices to stored strings.
package enum PredicateTranslation {
    /// The condition of `predicate` for samples of `type` (nil predicate: every sample).
    package static func condition(for predicate: PredicateTree?, type: HKObjectType?) throws -> RowCondition {
        guard let predicate else { return .all }
        return try condition(predicate, type: type)
    }

    static func condition(_ tree: PredicateTree, type: HKObjectType?) throws -> RowCondition {
        switch tree {
        case .all: return .all
        case .none: return .none
        case .and(let trees): return .and(try trees.map { (tree) throws in try condition(tree, type: type) })
        case .or(let trees): return .or(try trees.map { (tree) throws in try condition(tree, type: type) })
        case .not(let tree): return .not(try condition(tree, type: type))
        case .leaf(let leaf): return try condition(leaf, type: type)
        }
    }

    private static func condition(_ leaf: PredicateCondition, type: HKObjectType?) throws -> RowCondition {
        switch leaf {
        case .sampleDates(let range):
            return .dateRange(
                start: range.start?.timeIntervalSince1970, end: range.end?.timeIntervalSince1970,
                mode: dateRangeMode(range.options))
        case .sources(let bundleIdentifiers): return .sources(bundleIdentifiers)
        case .sourceRevisions(let patterns): return .sourceRevisions(patterns.map(revisionMatch))
        case .devices(let devices):
            return .devices(
                devices.map { properties in
                    var fields = Array(repeating: "", count: DeviceProperty.allCases.count)
                    for (property, value) in properties { fields[deviceIndex(property)] = value }
                    return DeviceRow(
                        name: fields[0], manufacturer: fields[1], model: fields[2], hardwareVersion: fields[3],
                        firmwareVersion: fields[4], softwareVersion: fields[5], localIdentifier: fields[6],
                        udiDeviceIdentifier: fields[7])
                })
        case .deviceProperty(let property, let values):
            // An empty set asks for devices without the property, stored as an empty string.
            return .deviceProperty(index: deviceIndex(property), values: values.isEmpty ? [""] : values)
        case .uuids(let uuids): return .uuids(uuids)
        case .metadataKeyExists(let key): return .metadataKeyExists(key)
        case .metadataAllowedValues(let key, let values): return .metadataIn(key: key, values: try values.map(scalar))
        case .metadataComparison(let key, let comparison, let value):
            return .metadata(key: key, comparison: rowComparison(comparison), value: try scalar(value))
        case .noCorrelation: return .noCorrelation
        case .workout(let uuid): return .workoutMember(uuid)
        case .quantity(let comparison, let quantity):
            guard let quantityType = type as? HKQuantityType else {
                throw HKError.invalidArgument("A quantity predicate applies to quantity types only")
            }
            guard let value = quantity.unit.convert(quantity.value, to: quantityType.canonicalUnit) else {
                throw HKError.invalidArgument(
                    "The quantity \(quantity) in the predicate is not compatible with \(quantityType.identifier)")
            }
            return .value(rowComparison(comparison), value)
        case .categoryValue(let comparison, let value): return .value(rowComparison(comparison), Double(value))
        case .categoryValues(let values): return .valueIn(values)
        case .workoutActivityType(let raw): return .workoutActivityType(raw)
        case .workoutDuration(let comparison, let duration):
            return .workoutNumber(.workoutDuration, rowComparison(comparison), duration)
        case .workoutTotal(let total, let comparison, let quantity):
            let (key, unit): (RowSort.Key, HKUnit) =
                switch total {
                case .totalEnergyBurned: (.workoutTotalEnergyBurned, .kilocalorie())
                case .totalDistance: (.workoutTotalDistance, .meter())
                case .totalSwimmingStrokeCount: (.workoutTotalSwimmingStrokeCount, .count())
                case .totalFlightsClimbed: (.workoutTotalFlightsClimbed, .count())
                }
            guard let value = quantity.unit.convert(quantity.value, to: unit) else {
                throw HKError.invalidArgument(
                    "The quantity \(quantity) cannot be compared with a workout's \(total.rawValue)")
            }
            return .workoutNumber(key, rowComparison(comparison), value)
        case .activitySummaryDays:
            throw HKError.invalidArgument("An activity summary predicate applies to activity summary queries only")
        case .electrocardiogramClassification(let raw): return .electrocardiogramClassification(raw)
        case .electrocardiogramSymptomsStatus(let raw): return .electrocardiogramSymptomsStatus(raw)
        case .associatedWithElectrocardiogram(let uuid): return .associatedWithElectrocardiogram(uuid)
        case .workoutActivities(let tree): return .workoutActivity(try activityCondition(tree))
        case .activityType, .activityDuration, .activityDates, .workoutStatistic(_, _, _, _, true):
            return .workoutActivity(try activityCondition(.leaf(leaf)))
        case .workoutStatistic(let statistic, let type, let comparison, let quantity, false):
            return .workoutStatistic(
                statistic, type: type, rowComparison(comparison), try canonicalValue(quantity, of: type))
        case .effortRelated(let workout, let activity): return .effortRelated(workout: workout, activity: activity)
        case .medicationArchived, .medicationHasSchedule:
            throw HKError.invalidArgument("A medication predicate applies to HKUserAnnotatedMedicationQuery only")
        default:
            return try recordCondition(leaf, type: type)
        }
    }

    /// The conditions of the record kinds' predicates, each for its own kind of type only.
    private static func recordCondition(_ leaf: PredicateCondition, type: HKObjectType?) throws -> RowCondition {
        func require<T: HKObjectType>(_ kind: T.Type, _ name: String) throws {
            guard type is T else { throw HKError.invalidArgument("A \(name) predicate applies to \(name) types only") }
        }
        switch leaf {
        case .clinicalRecordResourceType(let resourceType):
            try require(HKClinicalType.self, "clinical record")
            return .clinicalResourceType(resourceType)
        case .clinicalRecord(let source, let resourceType, let identifier):
            try require(HKClinicalType.self, "clinical record")
            return .clinicalRecord(sourceBundleIdentifier: source, resourceType: resourceType, identifier: identifier)
        case .stateOfMindKind(let kind):
            try require(HKStateOfMindType.self, "state of mind")
            return .stateOfMindKind(kind)
        case .stateOfMindLabel(let label):
            try require(HKStateOfMindType.self, "state of mind")
            return .stateOfMindLabel(label)
        case .stateOfMindAssociation(let association):
            try require(HKStateOfMindType.self, "state of mind")
            return .stateOfMindAssociation(association)
        case .stateOfMindValence(let comparison, let valence):
            try require(HKStateOfMindType.self, "state of mind")
            return .value(rowComparison(comparison), valence)
        case .doseEventConcepts(let codes):
            try require(HKMedicationDoseEventType.self, "medication dose event")
            return .doseEventConcepts(codes)
        case .doseEventStatuses(let statuses):
            try require(HKMedicationDoseEventType.self, "medication dose event")
            return .doseEventStatuses(statuses)
        case .doseEventScheduledDates(let dates):
            try require(HKMedicationDoseEventType.self, "medication dose event")
            return .doseEventScheduledDates(Set(dates.map(\.timeIntervalSince1970)))
        case .doseEventScheduledRange(let start, let end):
            try require(HKMedicationDoseEventType.self, "medication dose event")
            return .doseEventScheduledRange(start: start?.timeIntervalSince1970, end: end?.timeIntervalSince1970)
        default:
            throw HKError.invalidArgument("The predicate \(leaf) does not apply to \(type?.identifier ?? "this query")")
        }
    }

    /// The condition on activities of a tree of workout activity conditions.
    private static func activityCondition(_ tree: PredicateTree) throws -> ActivityCondition {
        switch tree {
        case .all: return .all
        case .none: return .none
        case .and(let trees): return .and(try trees.map(activityCondition))
        case .or(let trees): return .or(try trees.map(activityCondition))
        case .not(let tree): return .not(try activityCondition(tree))
        case .leaf(.activityType(let raw)): return .activityType(raw)
        case .leaf(.activityDuration(let comparison, let duration)):
            return .duration(rowComparison(comparison), duration)
        case .leaf(.activityDates(let range)):
            return .dateRange(
                start: range.start?.timeIntervalSince1970, end: range.end?.timeIntervalSince1970,
                mode: dateRangeMode(range.options))
        case .leaf(.workoutStatistic(let statistic, let type, let comparison, let quantity, _)):
            return .statistic(statistic, type: type, rowComparison(comparison), try canonicalValue(quantity, of: type))
        case .leaf(let other):
            throw HKError.invalidArgument("\(other) is not a workout activity predicate")
        }
    }

    /// A statistic predicate's quantity in its type's canonical unit.
    private static func canonicalValue(_ quantity: HKQuantity, of identifier: String) throws -> Double {
        guard let type = HKObjectType.type(forRawIdentifier: identifier) as? HKQuantityType else {
            throw HKError.invalidArgument("\(identifier) is not a quantity type")
        }
        guard let value = quantity.unit.convert(quantity.value, to: type.canonicalUnit) else {
            throw HKError.invalidArgument("The quantity \(quantity) is not compatible with \(identifier)")
        }
        return value
    }

    private static func dateRangeMode(_ options: HKQueryOptions) -> DateRangeMode {
        switch (options.contains(.strictStartDate), options.contains(.strictEndDate)) {
        case (false, false): return .overlaps
        case (true, false): return .strictStart
        case (false, true): return .strictEnd
        case (true, true): return .strictStartAndEnd
        }
    }

    private static func deviceIndex(_ property: DeviceProperty) -> Int {
        DeviceProperty.allCases.firstIndex(of: property)!
    }

    private static func revisionMatch(_ pattern: SourceRevisionPattern) -> RevisionMatch {
        func field(_ field: SourceRevisionPattern.Field<String?>) -> String? {
            switch field {
            case .any: return nil
            case .equalTo(let value): return value ?? ""
            }
        }
        let os: String?
        switch pattern.operatingSystemVersion {
        case .any: os = nil
        case .equalTo(let version): os = "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
        }
        return RevisionMatch(
            bundleIdentifier: pattern.bundleIdentifier, version: field(pattern.version),
            productType: field(pattern.productType), operatingSystemVersion: os)
    }

    private static func scalar(_ value: MetadataValue) throws -> MetadataScalar {
        switch value {
        case .string(let string): return .string(string)
        case .number(let number): return .number(number)
        case .date(let date): return .date(date.timeIntervalSince1970)
        case .quantity(let quantity):
            // Stored quantities keep their own unit; comparisons are made in that unit's dimension base.
            return .quantity(quantity.unit.baseValue(quantity.value), dimension: quantity.unit.dimensionKey)
        }
    }

    private static func rowComparison(_ comparison: ComparisonOperator) -> RowComparison {
        switch comparison {
        case .lessThan: return .lessThan
        case .lessThanOrEqualTo: return .lessThanOrEqual
        case .greaterThan: return .greaterThan
        case .greaterThanOrEqualTo: return .greaterThanOrEqual
        case .equalTo: return .equal
        case .notEqualTo: return .notEqual
        }
    }
}
