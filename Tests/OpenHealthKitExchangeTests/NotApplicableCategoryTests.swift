import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// Apple writes the records of a category type without a defined value (its value is HKCategoryValue.notApplicable)
/// without a `value` attribute: every one of them imports, from Apple's own export format (`not-applicable.zip`,
/// made by `make_not_applicable.py`).
@Suite struct NotApplicableCategoryTests {
    private static let fixture = "Synthetic/not-applicable.zip"

    /// Every category type of the catalog whose values are HKCategoryValue's.
    private static let typesWithoutValue = HealthKitCatalog.categoryTypes.map(\.identifier.rawValue)
        .filter { HKCategoryType(HKCategoryTypeIdentifier(rawValue: $0)).hasNoDefinedValue }

    @Test func theCatalogKnowsSixteenTypesWithoutADefinedValue() {
        #expect(Set(Self.typesWithoutValue).count == 16)
        #expect(Self.typesWithoutValue.contains(HKCategoryTypeIdentifier.highHeartRateEvent.rawValue))
        #expect(!Self.typesWithoutValue.contains(HKCategoryTypeIdentifier.sleepAnalysis.rawValue))
    }

    @Test func everyCategoryTypeAppleWritesWithoutAValueImports() async throws {
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: Self.fixture)
        #expect(summary.skippedTotal == 0, "\(summary.skippedGroups)")
        #expect(summary.isBalanced)
        for identifier in Set(Self.typesWithoutValue) {
            let counts = try #require(summary.records[identifier], "the fixture has no \(identifier)")
            #expect(counts.added == counts.read && counts.read > 0, "\(identifier): \(counts)")
            let samples = try await harness.samples(HKCategoryType(HKCategoryTypeIdentifier(rawValue: identifier)))
            #expect(samples.count == counts.read)
            #expect(
                samples.allSatisfy { ($0 as? HKCategorySample)?.value == HKCategoryValue.notApplicable.rawValue })
        }
    }

    @Test func aHighHeartRateNotificationKeepsItsThresholdSourceAndDevice() async throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: Self.fixture)
        let events = try await harness.samples(HKCategoryType(.highHeartRateEvent))
        #expect(events.count == 3)
        let first = try #require(events.first)
        let threshold = try #require(first.metadata?[HKMetadataKeyHeartRateEventThreshold] as? HKQuantity)
        #expect(threshold.doubleValue(for: .count().unitDivided(by: .minute())) == 120)
        #expect(first.sourceRevision.source.name == "Dana’s Apple Watch")
        #expect(first.device?.hardwareVersion == "Watch6,14")
        #expect(first.endDate.timeIntervalSince(first.startDate) == 600)
    }

    @Test func theExplicitNotApplicableLabelStillReads() throws {
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: Self.fixture)
        #expect(summary.records[HKCategoryTypeIdentifier.mindfulSession.rawValue]?.added == 2)
    }

    @Test func aMissingValueOfATypeWithValuesIsStillRefused() throws {
        let folder = try TemporaryFolder()
        let export = try folder.write(
            "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-03-11 23:00:00 +0100" endDate="2024-03-12 06:00:00 +0100"/>
             <Record type="HKCategoryTypeIdentifierToothbrushingEvent" sourceName="Watch" startDate="2024-03-12 07:00:00 +0100" endDate="2024-03-12 07:02:00 +0100"/>
            </HealthData>
            """)
        let summary = try ImportHarness().importing(export)
        #expect(summary.records[HKCategoryTypeIdentifier.sleepAnalysis.rawValue]?.skipped == 1)
        #expect(summary.records[HKCategoryTypeIdentifier.toothbrushingEvent.rawValue]?.added == 1)
        let group = try #require(summary.skippedGroups.first)
        #expect(group.type == HKCategoryTypeIdentifier.sleepAnalysis.rawValue)
        #expect(group.reason.contains("is not a value of HKCategoryValueSleepAnalysis"))
    }

    @Test func anExportWritesThemWithoutAValueAsAppleDoes() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: Self.fixture)
        let folder = try TemporaryFolder()
        let (url, _) = try harness.exporting(.appleXML, to: folder, name: "export")
        let document = try String(
            contentsOf: url.appendingPathComponent("export.xml"), encoding: .utf8)
        let events = document.split(separator: "\n").filter {
            $0.contains("HKCategoryTypeIdentifierHighHeartRateEvent")
        }
        #expect(events.count == 3)
        #expect(events.allSatisfy { !$0.contains(" value=") })
        #expect(!document.contains("HKCategoryValueNotApplicable"))
    }
}
