import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// HealthKit limits how long a sample an app saves may last, not what it restores: an import keeps the samples of an
/// export that a save would refuse.
@Suite struct DurationLimitImportTests {
    @Test func anImportKeepsSamplesOutsideTheLimitsOfASave() async throws {
        let folder = try TemporaryFolder()
        let document = try folder.write(
            "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Old App" unit="count" startDate="2020-01-01 10:00:00 +0000" endDate="2020-01-11 10:00:00 +0000" value="90000"/>
             <Record type="HKQuantityTypeIdentifierEnvironmentalAudioExposure" sourceName="Watch" unit="dBASPL" startDate="2020-01-02 10:00:00 +0000" endDate="2020-01-02 10:00:00 +0000" value="61"/>
            </HealthData>
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(document)
        #expect(summary.skippedTotal == 0)
        let steps = try #require(try await harness.quantities(.stepCount).first)
        #expect(steps.endDate.timeIntervalSince(steps.startDate) == 10 * 86_400)
        #expect(steps.endDate.timeIntervalSince(steps.startDate) > HKQuantityType(.stepCount).maximumAllowedDuration)
        let level = try #require(try await harness.quantities(.environmentalAudioExposure).first)
        #expect(level.startDate == level.endDate)
    }
}
