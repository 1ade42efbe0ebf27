import Foundation
import Testing
@testable import OpenHealthKitModel

/// The generated category-type catalog against `Reference/category-types.csv`.
@Suite struct CategoryTypeCatalogTests {
    /// The current cases of a row's value column, as `name=value` (deprecated aliases named in the notes left out).
    static func currentValues(of row: [String: String]) -> [String] {
        row["values"]!.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { item in
            let name = item.prefix { $0 != "=" }
            return !row["notes"]!.contains("\(name) (deprecated alias)")
        }
    }

    /// The row's value enumeration (its current name where the table gives a former one too).
    static func valueEnum(of row: [String: String]) -> String {
        String(row["value_enum"]!.prefix { $0 != " " })
    }

    @Test func catalogHasEveryRowOnce() {
        let rows = ReferenceTable.categoryTypes.rows
        #expect(rows.count == 72)
        #expect(HealthKitCatalog.categoryTypes.map(\.name) == rows.map { $0["identifier"]! })
        // The two audio exposure events share one raw string.
        #expect(HealthKitCatalog.categoryTypesByIdentifier.count == 71)
    }

    @Test func descriptorsMatchTheTable() throws {
        let descriptors = Dictionary(uniqueKeysWithValues: HealthKitCatalog.categoryTypes.map { ($0.name, $0) })
        for row in ReferenceTable.categoryTypes.rows {
            let descriptor = try #require(descriptors[row["identifier"]!])
            #expect(descriptor.identifier.rawValue == row["raw_string"], "\(descriptor.name)")
            #expect(descriptor.valueEnum == Self.valueEnum(of: row), "\(descriptor.name)")
            #expect(
                descriptor.values.map { "\($0.name)=\($0.value)" } == Self.currentValues(of: row), "\(descriptor.name)")
            #expect(descriptor.isShareable == (row["writable"] == "yes"), "\(descriptor.name)")
        }
    }

    @Test func everyIdentifierMakesItsType() throws {
        for row in ReferenceTable.categoryTypes.rows {
            let identifier = HKCategoryTypeIdentifier(rawValue: row["raw_string"]!)
            let type = try #require(HKObjectType.categoryType(forIdentifier: identifier))
            #expect(type.identifier == row["raw_string"])
            #expect(type == HKCategoryType(identifier))
        }
        #expect(
            HKObjectType.categoryType(forIdentifier: HKCategoryTypeIdentifier("HKCategoryTypeIdentifierNope")) == nil)
    }

    @Test func environmentalAudioExposureEventUsesTheOlderRawString() {
        let type = HKCategoryType(.environmentalAudioExposureEvent)
        #expect(type.identifier == "HKCategoryTypeIdentifierAudioExposureEvent")
        #expect(type.name == "environmentalAudioExposureEvent")
        #expect(
            (HKObjectType.type(forRawIdentifier: type.identifier) as? HKCategoryType)?.name
                == "environmentalAudioExposureEvent")
        #expect(type.allows(value: HKCategoryValueEnvironmentalAudioExposureEvent.momentaryLimit.rawValue))
    }

    @Test func valuesByNameAndExportLabel() {
        let sleep = HKCategoryType(.sleepAnalysis)
        #expect(sleep.allows(value: 5))
        #expect(!sleep.allows(value: 6))
        #expect(sleep.valueName(for: 1) == "asleepUnspecified")
        #expect(sleep.value(named: "asleepCore") == 3)
        #expect(sleep.value(named: "HKCategoryValueSleepAnalysisAsleepREM") == 5)
        let menstrualFlow = HKCategoryType(.menstrualFlow)
        #expect(menstrualFlow.value(named: "HKCategoryValueVaginalBleedingNone") == 5)
    }

    @Test func equalityAndHashingGoByIdentifier() throws {
        let made = HKCategoryType(.sleepAnalysis)
        let looked = try #require(HKObjectType.categoryType(forIdentifier: .sleepAnalysis))
        #expect(made == looked)
        #expect(made.hash == looked.hash)
        #expect(Set([made, looked, HKCategoryType(.mindfulSession)]).count == 2)
    }
}
