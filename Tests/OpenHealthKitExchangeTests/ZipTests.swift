import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite
import ZIPFoundation

/// Zipped exports: found among Mac metadata, localised names, referenced files inside the archive, damage detected.
@Suite struct ZipTests {
    @Test func aLocalisedExportZippedOnAMac() async throws {
        let harness = try ImportHarness()
        let summary = try harness.importing(fixture: "Synthetic/localized.zip")
        #expect(summary.document.hasSuffix("localized.zip:apple_health_export/导出.xml"))
        #expect(summary.isBalanced)
        #expect(summary.skippedTotal == 0)
        #expect(summary.records["HKQuantityTypeIdentifierHeartRate"]?.added == 1)
        let heartRate = try await #require(harness.quantities(.heartRate).first)
        #expect(heartRate.sourceRevision.source.name == "小明的 Apple Watch")
        #expect(heartRate.device?.hardwareVersion == "Watch7,4")
        // Chinese afternoon markers on the beat times.
        let beats = try harness.rows("SELECT time_since_start FROM heartbeat ORDER BY position").map { $0[0] as Double }
        #expect(zip(beats, [0.94, 1.86]).allSatisfy { abs($0 - $1) < 1e-6 })
        // The route file inside the archive.
        #expect(summary.workoutRoutes.added == 1)
        #expect(summary.routeLocationsAdded == 2)
        #expect(summary.characteristics[HKCharacteristicTypeIdentifier.biologicalSex.rawValue] == "HKBiologicalSexMale")
    }

    @Test func aDamagedArchiveIsReported() throws {
        let folder = try TemporaryFolder()
        var bytes = try Data(contentsOf: Fixtures.url("alxdrcirilo-apple-health-parser/export.zip"))
        // A byte of export.xml's compressed data, after its local header (whose name comes first in the file).
        let name = Data("apple_health_export/export.xml".utf8)
        let nameAt = try #require(bytes.range(of: name)).lowerBound
        let extraLength = Int(bytes[nameAt - 2]) | Int(bytes[nameAt - 1]) << 8
        bytes[nameAt + name.count + extraLength + 400] ^= 0x55
        let damaged = folder.url.appendingPathComponent("export.zip")
        try bytes.write(to: damaged)
        #expect {
            try ImportHarness().importing(damaged)
        } throws: { error in
            (error as? HKError)?.message.contains("damaged") == true
                || (error as? HKError)?.message.contains("CRC") == true
        }
    }

    /// A stored (uncompressed) entry inflates whatever its bytes: only its CRC-32 tells the damage.
    @Test func aStoredEntryWithADamagedByteFailsItsCRC() throws {
        let folder = try TemporaryFolder()
        let document = Fixtures.url("alxdrcirilo-apple-health-parser/export.xml")
        let zip = folder.url.appendingPathComponent("export.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        try archive.addEntry(with: "apple_health_export/export.xml", fileURL: document, compressionMethod: .none)
        var bytes = try Data(contentsOf: zip)
        // A digit of a value in the middle of the stored document becomes another digit: still well-formed XML.
        let middle = bytes.count / 2
        let digit = try #require(bytes[middle...].firstIndex { (0x30...0x38).contains($0) })
        bytes[digit] += 1
        try bytes.write(to: zip)
        #expect {
            try ImportHarness().importing(zip)
        } throws: { error in
            (error as? HKError)?.message.contains("CRC-32 mismatch") == true
        }
    }

    @Test func progressIsReported() throws {
        let harness = try ImportHarness()
        let importer = HealthExportImporter(engine: harness.engine)
        importer.progressInterval = 0
        nonisolated(unsafe) var reports: [ImportProgress] = []
        let summary = try importer.import(from: Fixtures.url("Synthetic/localized.zip")) { reports.append($0) }
        let last = try #require(reports.last)
        #expect(last.bytesRead == summary.bytesRead)
        #expect(last.totalBytes == summary.bytesRead)
        #expect(last.fractionCompleted == 1)
        #expect(last.records == summary.totalRead)
        #expect(last.estimatedTimeRemaining == 0)
    }
}
