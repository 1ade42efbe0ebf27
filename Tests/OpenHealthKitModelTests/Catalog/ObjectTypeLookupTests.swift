import Testing
@testable import OpenHealthKitModel

/// `HKObjectType.type(named:)` over every kind of type but quantity types (see ``QuantityTypeObjectTests``).
@Suite struct ObjectTypeLookupTests {
    @Test func categoryTypesByShortNameOrRawString() throws {
        for row in ReferenceTable.categoryTypes.rows {
            let byName = try #require(HKObjectType.type(named: row["identifier"]!) as? HKCategoryType, "\(row["identifier"]!)")
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
}
