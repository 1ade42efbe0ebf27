import Foundation
import OpenHealthKitModel

extension WirePredicate {
    typealias Container = KeyedDecodingContainer<CodingKeys>

    static func condition(_ kind: String, _ container: Container) throws -> PredicateCondition {
        func comparison() throws -> ComparisonOperator {
            let text = try container.decode(String.self, forKey: .operator)
            guard let comparison = ComparisonOperator(rawValue: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .operator, in: container,
                    debugDescription: "\(text) is not an operator: use <, <=, >, >=, == or !=")
            }
            return comparison
        }
        func quantity() throws -> HKQuantity { try container.decode(WireQuantity.self, forKey: .quantity).quantity() }
        func key() throws -> String { try container.decode(String.self, forKey: .key) }
        func dateRange() throws -> SampleDateRange {
            let options = try container.decodeIfPresent([String].self, forKey: .options) ?? []
            var queryOptions: HKQueryOptions = []
            for option in options {
                switch option {
                case "strictStartDate": queryOptions.insert(.strictStartDate)
                case "strictEndDate": queryOptions.insert(.strictEndDate)
                default:
                    throw DecodingError.dataCorruptedError(
                        forKey: .options, in: container,
                        debugDescription: "\(option) is not a query option: use strictStartDate or strictEndDate")
                }
            }
            return SampleDateRange(
                start: try container.decodeIfPresent(WireDate.self, forKey: .startDate)?.date,
                end: try container.decodeIfPresent(WireDate.self, forKey: .endDate)?.date, options: queryOptions)
        }
        switch kind {
        case "sampleDates":
            return .sampleDates(try dateRange())
        case "sources":
            return .sources(bundleIdentifiers: Set(try container.decode([String].self, forKey: .bundleIdentifiers)))
        case "sourceRevisions":
            return .sourceRevisions(
                Set(try container.decode([WireSourceRevisionPattern].self, forKey: .revisions).map { try $0.pattern }))
        case "devices":
            let devices = try container.decode([[String: String]].self, forKey: .devices)
            return .devices(
                Set(
                    try devices.map { device in
                        Dictionary(uniqueKeysWithValues: try device.map { (try DeviceProperty(key: $0.key), $0.value) })
                    }))
        case "deviceProperty":
            return .deviceProperty(
                try DeviceProperty(key: try container.decode(String.self, forKey: .property)),
                allowedValues: Set(try container.decode([String].self, forKey: .allowedValues)))
        case "uuids":
            return .uuids(Set(try container.decode([UUID].self, forKey: .uuids)))
        case "metadataKeyExists":
            return .metadataKeyExists(try key())
        case "metadataAllowedValues":
            let values = try container.decode([WireMetadataValue].self, forKey: .allowedValues)
            return .metadataAllowedValues(key: try key(), allowedValues: try values.map { try $0.predicateValue() })
        case "metadataComparison":
            let value = try container.decode(WireMetadataValue.self, forKey: .value)
            return .metadataComparison(key: try key(), comparison: try comparison(), value: try value.predicateValue())
        case "noCorrelation":
            return .noCorrelation
        case "workout":
            return .workout(uuid: try container.decode(UUID.self, forKey: .uuid))
        case "quantity":
            return .quantity(comparison: try comparison(), quantity: try quantity())
        case "categoryValue":
            return .categoryValue(comparison: try comparison(), value: try container.decode(Int.self, forKey: .value))
        case "categoryValues":
            return .categoryValues(Set(try container.decode([Int].self, forKey: .values)))
        case "workoutActivityType":
            return .workoutActivityType(try container.decode(UInt.self, forKey: .workoutActivityType))
        case "workoutDuration":
            return .workoutDuration(
                comparison: try comparison(), duration: try container.decode(Double.self, forKey: .duration))
        case "workoutTotal":
            let name = try container.decode(String.self, forKey: .total)
            guard let total = WorkoutTotal(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .total, in: container,
                    debugDescription:
                        "\(name) is not a workout total: use totalEnergyBurned, totalDistance, totalSwimmingStrokeCount or totalFlightsClimbed"
                )
            }
            return .workoutTotal(total, comparison: try comparison(), quantity: try quantity())
        case "activitySummaryDays":
            func day(_ key: CodingKeys) throws -> String {
                let text = try container.decode(String.self, forKey: key)
                do { return try WireActivitySummaryDay.checked(text) } catch {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: "\(text) is not a day: use yyyy-MM-dd")
                }
            }
            return .activitySummaryDays(first: try day(.firstDay), last: try day(.lastDay))
        case "electrocardiogramClassification":
            return .electrocardiogramClassification(try container.decode(Int.self, forKey: .value))
        case "electrocardiogramSymptomsStatus":
            return .electrocardiogramSymptomsStatus(try container.decode(Int.self, forKey: .value))
        case "associatedWithElectrocardiogram":
            return .associatedWithElectrocardiogram(try container.decode(UUID.self, forKey: .uuid))
        case "workoutActivities":
            let tree = try container.decode(WirePredicate.self, forKey: .predicate).tree
            guard tree.holdsOnlyWorkoutActivityConditions else {
                throw DecodingError.dataCorruptedError(
                    forKey: .predicate, in: container,
                    debugDescription: "a workoutActivities predicate holds activity conditions only")
            }
            return .workoutActivities(tree)
        case "activityType":
            return .activityType(try container.decode(UInt.self, forKey: .workoutActivityType))
        case "activityDuration":
            return .activityDuration(
                comparison: try comparison(), duration: try container.decode(Double.self, forKey: .duration))
        case "activityDates":
            return .activityDates(try dateRange())
        case "workoutStatistic":
            let name = try container.decode(String.self, forKey: .statistic)
            guard let statistic = WorkoutStatistic(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .statistic, in: container,
                    debugDescription: "\(name) is not a workout statistic: use sum, average, minimum or maximum")
            }
            return .workoutStatistic(
                statistic, type: try container.decode(String.self, forKey: .type), comparison: try comparison(),
                quantity: try quantity(),
                ofActivity: try container.decodeIfPresent(Bool.self, forKey: .ofActivity) ?? false)
        case "effortRelated":
            return .effortRelated(
                workout: try container.decode(UUID.self, forKey: .workout),
                activity: try container.decodeIfPresent(UUID.self, forKey: .activity))
        default:
            guard let condition = try recordCondition(kind, container) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .kind, in: container, debugDescription: "\(kind) is not a kind of predicate")
            }
            return condition
        }
    }

    static func encode(_ condition: PredicateCondition, into container: inout KeyedEncodingContainer<CodingKeys>) throws
    {
        func kind(_ name: String) throws { try container.encode(name, forKey: .kind) }
        switch condition {
        case .sampleDates(let range):
            try kind("sampleDates")
            try encode(range, into: &container)
        case .sources(let bundleIdentifiers):
            try kind("sources")
            try container.encode(bundleIdentifiers.sorted(), forKey: .bundleIdentifiers)
        case .sourceRevisions(let patterns):
            try kind("sourceRevisions")
            try container.encode(
                patterns.map(WireSourceRevisionPattern.init).sorted { $0.bundleIdentifier < $1.bundleIdentifier },
                forKey: .revisions)
        case .devices(let devices):
            try kind("devices")
            try container.encode(
                devices.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) },
                forKey: .devices)
        case .deviceProperty(let property, let allowedValues):
            try kind("deviceProperty")
            try container.encode(property.rawValue, forKey: .property)
            try container.encode(allowedValues.sorted(), forKey: .allowedValues)
        case .uuids(let uuids):
            try kind("uuids")
            try container.encode(uuids.sorted { $0.uuidString < $1.uuidString }, forKey: .uuids)
        case .metadataKeyExists(let key):
            try kind("metadataKeyExists")
            try container.encode(key, forKey: .key)
        case .metadataAllowedValues(let key, let allowedValues):
            try kind("metadataAllowedValues")
            try container.encode(key, forKey: .key)
            try container.encode(allowedValues.map(WireMetadataValue.init(predicateValue:)), forKey: .allowedValues)
        case .metadataComparison(let key, let comparison, let value):
            try kind("metadataComparison")
            try container.encode(key, forKey: .key)
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(WireMetadataValue(predicateValue: value), forKey: .value)
        case .noCorrelation:
            try kind("noCorrelation")
        case .workout(let uuid):
            try kind("workout")
            try container.encode(uuid, forKey: .uuid)
        case .quantity(let comparison, let quantity):
            try kind("quantity")
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(WireQuantity(quantity), forKey: .quantity)
        case .categoryValue(let comparison, let value):
            try kind("categoryValue")
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(value, forKey: .value)
        case .categoryValues(let values):
            try kind("categoryValues")
            try container.encode(values.sorted(), forKey: .values)
        case .workoutActivityType(let rawValue):
            try kind("workoutActivityType")
            try container.encode(rawValue, forKey: .workoutActivityType)
        case .workoutDuration(let comparison, let duration):
            try kind("workoutDuration")
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(duration, forKey: .duration)
        case .workoutTotal(let total, let comparison, let quantity):
            try kind("workoutTotal")
            try container.encode(total.rawValue, forKey: .total)
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(WireQuantity(quantity), forKey: .quantity)
        case .activitySummaryDays(let first, let last):
            try kind("activitySummaryDays")
            try container.encode(first, forKey: .firstDay)
            try container.encode(last, forKey: .lastDay)
        case .electrocardiogramClassification(let raw):
            try kind("electrocardiogramClassification")
            try container.encode(raw, forKey: .value)
        case .electrocardiogramSymptomsStatus(let raw):
            try kind("electrocardiogramSymptomsStatus")
            try container.encode(raw, forKey: .value)
        case .associatedWithElectrocardiogram(let uuid):
            try kind("associatedWithElectrocardiogram")
            try container.encode(uuid, forKey: .uuid)
        case .workoutActivities(let tree):
            try kind("workoutActivities")
            try container.encode(WirePredicate(tree), forKey: .predicate)
        case .activityType(let rawValue):
            try kind("activityType")
            try container.encode(rawValue, forKey: .workoutActivityType)
        case .activityDuration(let comparison, let duration):
            try kind("activityDuration")
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(duration, forKey: .duration)
        case .activityDates(let range):
            try kind("activityDates")
            try encode(range, into: &container)
        case .workoutStatistic(let statistic, let type, let comparison, let quantity, let ofActivity):
            try kind("workoutStatistic")
            try container.encode(statistic.rawValue, forKey: .statistic)
            try container.encode(type, forKey: .type)
            try container.encode(comparison.rawValue, forKey: .operator)
            try container.encode(WireQuantity(quantity), forKey: .quantity)
            try container.encode(ofActivity, forKey: .ofActivity)
        case .effortRelated(let workout, let activity):
            try kind("effortRelated")
            try container.encode(workout, forKey: .workout)
            try container.encodeIfPresent(activity, forKey: .activity)
        default:
            try encodeRecord(condition, into: &container)
        }
    }

    private static func encode(_ range: SampleDateRange, into container: inout KeyedEncodingContainer<CodingKeys>)
        throws
    {
        try container.encodeIfPresent(range.start.map(WireDate.init), forKey: .startDate)
        try container.encodeIfPresent(range.end.map(WireDate.init), forKey: .endDate)
        var options: [String] = []
        if range.options.contains(.strictStartDate) { options.append("strictStartDate") }
        if range.options.contains(.strictEndDate) { options.append("strictEndDate") }
        if !options.isEmpty { try container.encode(options, forKey: .options) }
    }
}

extension WireMetadataValue {
    /// The form a predicate compares; a boolean compares as the number 0 or 1.
    func predicateValue() throws -> MetadataValue {
        switch self {
        case .string(let value): return .string(value)
        case .number(let value): return .number(value)
        case .bool(let value): return .number(value ? 1 : 0)
        case .date(let value): return .date(value.date)
        case .quantity(let value): return .quantity(try value.quantity())
        }
    }

    init(predicateValue value: MetadataValue) {
        switch value {
        case .string(let value): self = .string(value)
        case .number(let value): self = .number(value)
        case .date(let value): self = .date(WireDate(value))
        case .quantity(let value): self = .quantity(WireQuantity(value))
        }
    }
}

/// A source revision a predicate matches: each field either `{"any": true}` or `{"equalTo": value}` (a null value
/// matches revisions without one); the operating system version as `"major.minor.patch"`.
struct WireSourceRevisionPattern: Codable, Hashable {
    struct Field: Codable, Hashable {
        var any: Bool?
        var equalTo: String?

        enum CodingKeys: String, CodingKey { case any, equalTo }

        init(_ field: SourceRevisionPattern.Field<String?>) {
            switch field {
            case .any: any = true
            case .equalTo(let value): equalTo = value
            }
        }

        init(any: Bool?, equalTo: String?) {
            self.any = any
            self.equalTo = equalTo
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if any == true {
                try container.encode(true, forKey: .any)
            } else {
                try container.encode(equalTo, forKey: .equalTo)
            }
        }

        var field: SourceRevisionPattern.Field<String?> { any == true ? .any : .equalTo(equalTo) }
    }

    var bundleIdentifier: String
    var version: Field
    var productType: Field
    var operatingSystemVersion: Field

    init(_ pattern: SourceRevisionPattern) {
        bundleIdentifier = pattern.bundleIdentifier
        version = Field(pattern.version)
        productType = Field(pattern.productType)
        switch pattern.operatingSystemVersion {
        case .any: operatingSystemVersion = Field(any: true, equalTo: nil)
        case .equalTo(let os):
            operatingSystemVersion = Field(
                any: nil, equalTo: "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)")
        }
    }

    /// The pattern, built as `HKQuery.predicateForObjects(from: Set<HKSourceRevision>)` builds it: a field that
    /// matches any value holds HealthKit's `HKSourceRevisionAny...` constant.
    var pattern: SourceRevisionPattern {
        get throws {
            var os = HKSourceRevisionAnyOperatingSystem
            if operatingSystemVersion.any != true {
                let parts = (operatingSystemVersion.equalTo ?? "").split(separator: ".").map { Int($0) }
                guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2] else {
                    throw HKError.invalidArgument("An operating system version is \"major.minor.patch\"")
                }
                os = OperatingSystemVersion(majorVersion: major, minorVersion: minor, patchVersion: patch)
            }
            let revision = HKSourceRevision(
                source: HKSource(name: bundleIdentifier, bundleIdentifier: bundleIdentifier),
                version: version.any == true ? HKSourceRevisionAnyVersion : version.equalTo,
                productType: productType.any == true ? HKSourceRevisionAnyProductType : productType.equalTo,
                operatingSystemVersion: os)
            return SourceRevisionPattern(revision)
        }
    }
}
