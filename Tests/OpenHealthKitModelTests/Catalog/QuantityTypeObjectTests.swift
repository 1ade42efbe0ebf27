import Testing
@testable import OpenHealthKitModel

/// `HKQuantityType` objects made from the catalog. These parse canonical units, so they need the real `HKUnit`.
@Suite struct QuantityTypeObjectTests {
    @Test func everyTypeHasTheTablesUnitStyleAndWritability() throws {
        for row in ReferenceTable.quantityTypes.rows {
            let identifier = HKQuantityTypeIdentifier(rawValue: row["raw_string"]!)
            let type = HKQuantityType(identifier)
            let expectedUnit = HKUnit(from: row["canonical_unit"]!.confirmedValue)
            #expect(type.identifier == row["raw_string"])
            #expect(type.name == row["identifier"])
            #expect(type.canonicalUnit.unitString == expectedUnit.unitString, "\(type.name)")
            #expect(type.is(compatibleWith: expectedUnit), "\(type.name)")
            #expect(type.aggregationStyle == QuantityTypeCatalogTests.styles[row["aggregation_style"]!.confirmedValue])
            #expect(type.isShareable == (row["writable"]!.confirmedValue == "yes"), "\(type.name)")
            let looked = try #require(HKObjectType.quantityType(forIdentifier: identifier))
            #expect(looked == type)
        }
    }

    @Test func equalityAndHashingGoByIdentifier() throws {
        let made = HKQuantityType(.heartRate)
        let looked = try #require(HKObjectType.quantityType(forIdentifier: .heartRate))
        #expect(made == looked)
        #expect(made.hash == looked.hash)
        #expect(made != HKQuantityType(.stepCount))
        #expect(Set([made, looked, HKQuantityType(.stepCount)]).count == 2)
        let mixed: Set<HKObjectType> = [made, HKCategoryType(.sleepAnalysis), looked]
        #expect(mixed.count == 2)
    }

    @Test func shortNamesAndRawIdentifiers() throws {
        for name in ["stepCount", "stepcount", "STEPCOUNT", "HKQuantityTypeIdentifierStepCount"] {
            let type = try #require(HKObjectType.type(named: name) as? HKQuantityType, "\(name)")
            #expect(type.identifier == "HKQuantityTypeIdentifierStepCount")
        }
        #expect((HKObjectType.type(named: "vo2Max") as? HKQuantityType)?.aggregationStyle == .discreteArithmetic)
    }

    @Test func compatibilityFollowsTheCanonicalUnitsDimension() {
        #expect(HKQuantityType(.heartRate).is(compatibleWith: HKUnit(from: "count/min")))
        #expect(!HKQuantityType(.heartRate).is(compatibleWith: HKUnit(from: "kg")))
        #expect(HKQuantityType(.bodyMass).is(compatibleWith: HKUnit(from: "lb")))
    }
}
