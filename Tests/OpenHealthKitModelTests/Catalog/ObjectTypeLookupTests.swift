import Testing
@testable import OpenHealthKitModel

/// `HKObjectType.type(named:)` over every kind of type but quantity types (see ``QuantityTypeObjectTests``), and
/// `HKObjectType.shortName`, which it reads back.
@Suite struct ObjectTypeLookupTests {
    @Test func categoryTypesByShortNameOrRawString() throws {
        for row in ReferenceTable.categoryTypes.rows {
            let byName = try #require(
                HKObjectType.type(named: row["identifier"]!) as? HKCategoryType, "\(row["identifier"]!)")
            let byRaw = try #require(HKObjectType.type(named: row["raw_string"]!) as? HKCategoryType)
            #expect(byName.identifier == row["raw_string"])
            #expect(byName == byRaw)
        }
        #expect(HKObjectType.type(named: "SLEEPANALYSIS")?.identifier == "HKCategoryTypeIdentifierSleepAnalysis")
    }

    @Test func otherKinds() {
        #expect(HKObjectType.type(named: "biologicalSex") is HKCharacteristicType)
        #expect(HKObjectType.type(named: "HKCharacteristicTypeIdentifierDateOfBirth") is HKCharacteristicType)
        #expect(HKObjectType.type(named: "bloodPressure") is HKCorrelationType)
        #expect(HKObjectType.type(named: "food")?.identifier == "HKCorrelationTypeIdentifierFood")
        #expect(HKObjectType.type(named: "workout") is HKWorkoutType)
        #expect(HKObjectType.type(named: "HKWorkoutTypeIdentifier") is HKWorkoutType)
        #expect(HKObjectType.type(named: "heartbeatSeries") is HKSeriesType)
        #expect(HKObjectType.type(named: "activitySummary") is HKActivitySummaryType)
        #expect(HKObjectType.type(named: "") == nil)
        #expect(HKObjectType.type(named: "HKCategoryTypeIdentifierNope") == nil)
    }

    @Test func aTypesShortNameDropsItsPrefixAndReadsBack() {
        #expect(HKQuantityType(.stepCount).shortName == "stepCount")
        #expect(HKObjectType.shortName(forRawIdentifier: "HKCategoryTypeIdentifierSleepAnalysis") == "sleepAnalysis")
        #expect(
            HKObjectType.shortName(forRawIdentifier: "HKCharacteristicTypeIdentifierBiologicalSex") == "biologicalSex")
        #expect(HKObjectType.shortName(forRawIdentifier: "HKCorrelationTypeIdentifierBloodPressure") == "bloodPressure")
        #expect(HKObjectType.workoutType().shortName == "workout")
        #expect(HKSeriesType.workoutRoute().shortName == "workoutRoute")
        #expect(HKObjectType.shortName(forRawIdentifier: "HKDataTypeIdentifierHeartbeatSeries") == "heartbeatSeries")
        #expect(HKObjectType.activitySummaryType().shortName == "activitySummary")
    }

    @Test func anUnknownIdentifierIsItsOwnShortName() {
        #expect(
            HKObjectType.shortName(forRawIdentifier: "HKQuantityTypeIdentifierNope") == "HKQuantityTypeIdentifierNope")
    }

    @Test func everyKnownTypeIsFoundByItsShortName() {
        let identifiers =
            (ReferenceTable.categoryTypes.rows + ReferenceTable.quantityTypes.rows).compactMap { $0["raw_string"] }
            + HKCharacteristicTypeIdentifier.allCases.map(\.rawValue)
            + HKCorrelationTypeIdentifier.allCases.map(\.rawValue)
            + [
                HKWorkoutTypeIdentifier, HKWorkoutRouteTypeIdentifier, HKDataTypeIdentifierHeartbeatSeries,
                HKActivitySummaryTypeIdentifier,
            ]
        for identifier in identifiers {
            #expect(
                HKObjectType.type(named: HKObjectType.shortName(forRawIdentifier: identifier))?.identifier
                    == identifier, "\(identifier)")
        }
    }
}
