import Foundation
import Testing
@testable import OpenHealthKitModel

/// The condition a factory's predicate carries.
private func condition(of predicate: NSPredicate) -> PredicateCondition? {
    (predicate as? HKQueryPredicate)?.condition
}

private let start = Date(timeIntervalSinceReferenceDate: 750_000_000)
private let end = start.addingTimeInterval(3600)

@Suite("Predicate factories")
struct PredicateFactoryTests {
    @Test func sampleDatesKeepTheirIntervalAndOptions() {
        let predicate = HKQuery.predicateForSamples(withStart: start, end: nil, options: .strictEndDate)
        #expect(
            condition(of: predicate) == .sampleDates(SampleDateRange(start: start, end: nil, options: .strictEndDate)))
        let defaultOptions = HKQuery.predicateForSamples(withStart: start, end: end)
        #expect(condition(of: defaultOptions) == .sampleDates(SampleDateRange(start: start, end: end, options: [])))
    }

    /// Options, then the field compared with the interval's start and the one compared with its end.
    static let dateFields: [(HKQueryOptions, SampleDateRange.Field, SampleDateRange.Field)] = [
        ([], .endDate, .startDate),
        (.strictStartDate, .startDate, .startDate),
        (.strictEndDate, .endDate, .endDate),
        ([.strictStartDate, .strictEndDate], .startDate, .endDate),
    ]

    @Test(arguments: dateFields)
    func sampleDateComparisonsFollowTheOptions(
        options: HKQueryOptions, lowerField: SampleDateRange.Field, upperField: SampleDateRange.Field
    ) {
        let range = SampleDateRange(start: start, end: end, options: options)
        #expect(
            range.comparisons == [
                .init(field: lowerField, comparison: .greaterThanOrEqualTo, date: start),
                .init(field: upperField, comparison: .lessThan, date: end),
            ])
    }

    @Test func openBoundsAddNoComparison() {
        #expect(SampleDateRange(start: nil, end: nil, options: []).comparisons.isEmpty)
        #expect(
            SampleDateRange(start: nil, end: end, options: []).comparisons
                == [.init(field: .startDate, comparison: .lessThan, date: end)])
    }

    @Test func queryOptionsHaveHealthKitsRawValues() {
        #expect(HKQueryOptions.strictStartDate.rawValue == 1)
        #expect(HKQueryOptions.strictEndDate.rawValue == 2)
        #expect(HKQueryOptions().rawValue == 0)
    }

    @Test func uuidPredicates() {
        let first = UUID(), second = UUID()
        #expect(condition(of: HKQuery.predicateForObject(with: first)) == .uuids([first]))
        #expect(condition(of: HKQuery.predicateForObjects(with: [first, second])) == .uuids([first, second]))
    }

    @Test func noCorrelation() {
        #expect(condition(of: HKQuery.predicateForObjectsWithNoCorrelation()) == .noCorrelation)
    }

    @Test func metadataKey() {
        #expect(
            condition(of: HKQuery.predicateForObjects(withMetadataKey: "HKWasUserEntered"))
                == .metadataKeyExists("HKWasUserEntered"))
    }

    @Test func metadataAllowedValuesAcceptStringsNumbersAndDates() {
        let predicate = HKQuery.predicateForObjects(
            withMetadataKey: "k", allowedValues: ["a", 2, 2.5, true, NSNumber(value: 7), start])
        #expect(
            condition(of: predicate)
                == .metadataAllowedValues(
                    key: "k",
                    allowedValues: [
                        .string("a"), .number(2), .number(2.5), .number(1), .number(7), .date(start),
                    ]))
    }

    @Test func metadataComparison() {
        let predicate = HKQuery.predicateForObjects(
            withMetadataKey: "HKMetadataKeySyncVersion", operatorType: .greaterThan, value: 3)
        #expect(
            condition(of: predicate)
                == .metadataComparison(key: "HKMetadataKeySyncVersion", comparison: .greaterThan, value: .number(3)))
    }

    @Test func unsupportedMetadataValuesAreInvalidArguments() {
        #expect(
            throws: HKError.invalidArgument(
                "unsupported metadata value [1] of type Array<Int>: use a String, number, Date or HKQuantity")
        ) {
            try MetadataValue([1])
        }
        let uuid = #expect(throws: HKError.self) { try MetadataValue(UUID()) }
        #expect(uuid?.code == .errorInvalidArgument)
        #expect(
            uuid?.message.hasPrefix("unsupported metadata value ") == true
                && uuid?.message.contains("of type UUID") == true)
    }

    @Test func devicePropertyPredicate() {
        let predicate = HKQuery.predicateForObjects(
            withDeviceProperty: "HKDevicePropertyModel", allowedValues: ["Watch"])
        #expect(condition(of: predicate) == .deviceProperty(.model, allowedValues: ["Watch"]))
        let nilModel = HKQuery.predicateForObjects(
            withDeviceProperty: "HKDevicePropertyUDIDeviceIdentifier", allowedValues: [])
        #expect(condition(of: nilModel) == .deviceProperty(.udiDeviceIdentifier, allowedValues: []))
    }

    @Test func unknownDevicePropertyKeysAreInvalidArguments() {
        #expect(
            throws: HKError.invalidArgument(
                "unknown device property key \"HKDevicePropertyColour\": use one of the HKDevicePropertyKey constants")
        ) {
            try DeviceProperty(key: "HKDevicePropertyColour")
        }
    }

    @Test func categoryPredicates() {
        #expect(
            condition(of: HKQuery.predicateForCategorySamples(with: .equalTo, value: 2))
                == .categoryValue(comparison: .equalTo, value: 2))
        #expect(
            condition(of: HKQuery.predicateForCategorySamples(equalTo: [1, 3, 4, 5])) == .categoryValues([1, 3, 4, 5]))
    }

    @Test func categoryValueEnumsMakePredicates() {
        enum Presence: Int, HKCategoryValuePredicateProviding { case present = 0, notPresent = 1 }
        #expect(
            condition(of: Presence.predicateForSamples(.notEqualTo, value: .present))
                == .categoryValue(comparison: .notEqualTo, value: 0))
        #expect(
            condition(of: Presence.predicateForSamples(equalTo: [.present, .notPresent])) == .categoryValues([0, 1]))
    }

    @Test func workoutDuration() {
        #expect(
            condition(of: HKQuery.predicateForWorkouts(with: .greaterThanOrEqualTo, duration: 1800))
                == .workoutDuration(comparison: .greaterThanOrEqualTo, duration: 1800))
    }

    @Test func comparisonOperatorsMapToSQL() throws {
        let operators: [_HKPredicateOperatorType] = [
            .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo, .equalTo, .notEqualTo,
        ]
        #expect(try operators.map { try ComparisonOperator($0).rawValue } == ["<", "<=", ">", ">=", "==", "!="])
    }

    @Test(arguments: [_HKPredicateOperatorType.like, .matches, .beginsWith, .endsWith, .in, .contains, .between])
    func nonComparisonOperatorsAreInvalidArguments(operatorType: _HKPredicateOperatorType) {
        #expect(
            throws: HKError.invalidArgument(
                "unsupported predicate operator (raw value \(operatorType.rawValue)): use <, <=, >, >=, == or !=")
        ) {
            try ComparisonOperator(operatorType)
        }
    }

    @Test func aNonComparisonOperatorRaises() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuery.predicateForCategorySamples(with: .like, value: 1)
        }
    }

    @Test func predicatesAreValuesAndCopiesAreThemselves() {
        let predicate = HKQuery.predicateForObject(with: UUID(uuidString: "6A1DBF8A-9B21-4AB8-9E44-2C4C3C4F9B10")!)
        #expect(
            predicate == HKQuery.predicateForObject(with: UUID(uuidString: "6A1DBF8A-9B21-4AB8-9E44-2C4C3C4F9B10")!))
        #expect(predicate != HKQuery.predicateForObjectsWithNoCorrelation())
        #expect(predicate.copy() as? NSPredicate === predicate)
    }

    @Test func keyPathsAndSortIdentifiersHaveHealthKitsValues() {
        #expect(
            [
                HKPredicateKeyPathUUID, HKPredicateKeyPathStartDate, HKPredicateKeyPathMostRecent,
                HKPredicateKeyPathCategoryValue, HKPredicateKeyPathWorkoutType,
            ]
                == ["UUID", "startDate", "most_recent", "value", "workoutType"])
        #expect(HKSampleSortIdentifierStartDate == "HKSampleSortIdentifierStartDate")
        #expect(HKWorkoutSortIdentifierTotalFlightsClimbed == "totalFlightsClimbed")
    }
}
