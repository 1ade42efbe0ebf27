import Testing
@testable import OpenHealthKitModel

/// The generated category value enumerations against `Reference/category-types.csv`.
@Suite struct CategoryValueEnumTests {
    /// Each case as `name=rawValue`, in declaration order.
    static func cases<Value: CaseIterable & RawRepresentable>(_: Value.Type) -> [String] where Value.RawValue == Int {
        Value.allCases.map { "\($0)=\($0.rawValue)" }
    }

    /// Every current enumeration (the deprecated `HKCategoryValueAudioExposureEvent` is checked through the catalog).
    static let enumerations: [String: [String]] = [
        "HKCategoryValue": cases(HKCategoryValue.self),
        "HKCategoryValueAppetiteChanges": cases(HKCategoryValueAppetiteChanges.self),
        "HKCategoryValueAppleStandHour": cases(HKCategoryValueAppleStandHour.self),
        "HKCategoryValueAppleWalkingSteadinessEvent": cases(HKCategoryValueAppleWalkingSteadinessEvent.self),
        "HKCategoryValueCervicalMucusQuality": cases(HKCategoryValueCervicalMucusQuality.self),
        "HKCategoryValueContraceptive": cases(HKCategoryValueContraceptive.self),
        "HKCategoryValueEnvironmentalAudioExposureEvent": cases(HKCategoryValueEnvironmentalAudioExposureEvent.self),
        "HKCategoryValueHeadphoneAudioExposureEvent": cases(HKCategoryValueHeadphoneAudioExposureEvent.self),
        "HKCategoryValueLowCardioFitnessEvent": cases(HKCategoryValueLowCardioFitnessEvent.self),
        "HKCategoryValueMenopausalState": cases(HKCategoryValueMenopausalState.self),
        "HKCategoryValueOvulationTestResult": cases(HKCategoryValueOvulationTestResult.self),
        "HKCategoryValuePregnancyTestResult": cases(HKCategoryValuePregnancyTestResult.self),
        "HKCategoryValuePresence": cases(HKCategoryValuePresence.self),
        "HKCategoryValueProgesteroneTestResult": cases(HKCategoryValueProgesteroneTestResult.self),
        "HKCategoryValueSeverity": cases(HKCategoryValueSeverity.self),
        "HKCategoryValueSleepAnalysis": cases(HKCategoryValueSleepAnalysis.self),
        "HKCategoryValueVaginalBleeding": cases(HKCategoryValueVaginalBleeding.self),
    ]

    @Test func everyEnumerationMatchesTheTable() {
        var checked: Set<String> = []
        for row in ReferenceTable.categoryTypes.rows where row["identifier"] != "audioExposureEvent" {
            let name = CategoryTypeCatalogTests.valueEnum(of: row)
            #expect(Self.enumerations[name] == CategoryTypeCatalogTests.currentValues(of: row), "\(row["identifier"]!)")
            checked.insert(name)
        }
        #expect(checked == Set(Self.enumerations.keys))
    }

    @Test func sharedEnumerations() {
        #expect(HKCategoryValueSeverity.severe.rawValue == 4)
        #expect(HKCategoryValuePresence.notPresent.rawValue == 1)
        #expect(HKCategoryValue.notApplicable.rawValue == 0)
        #expect(HKCategoryValueVaginalBleeding.none.rawValue == 5)
    }

    @Test func allAsleepValuesMatchTheTable() throws {
        let notes = try #require(
            ReferenceTable.categoryTypes.rows.first { $0["identifier"] == "sleepAnalysis" }?["notes"])
        #expect(notes.contains("HKCategoryValueSleepAnalysisAsleepValues() = {1,3,4,5}"))
        #expect(Set(HKCategoryValueSleepAnalysis.allAsleepValues.map(\.rawValue)) == [1, 3, 4, 5])
        #expect(!HKCategoryValueSleepAnalysis.allAsleepValues.contains(.inBed))
        #expect(!HKCategoryValueSleepAnalysis.allAsleepValues.contains(.awake))
    }
}
