import Foundation
import Testing
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Import → export → import gives an identical store: every table, every column but row ids and anchors.
@Suite struct AppleXMLRoundTripTests {
    /// Imports `fixture` into a store, exports it as `name` in `timeZone`, imports the export into an empty store,
    /// and compares both stores.
    @discardableResult
    private func roundTrip(_ fixture: String, name: String = "export", timeZone: String = "Europe/Berlin") throws -> (
        ImportHarness, URL, TemporaryFolder
    ) {
        let original = try ImportHarness()
        try original.importing(fixture: fixture)
        let folder = try TemporaryFolder()
        let (url, summary) = try original.exporting(.appleXML, to: folder, name: name, timeZone: timeZone)
        #expect(summary.notWritten.isEmpty, "\(fixture): \(summary.notWritten)")

        let copy = try ImportHarness()
        let imported = try copy.importing(url)
        #expect(imported.skippedTotal == 0, "\(fixture): \(imported.skipped)")
        #expect(imported.warnings.isEmpty, "\(fixture): \(imported.warnings)")
        #expect(imported.isBalanced)
        let before = try StoreSnapshot(original.storage)
        let after = try StoreSnapshot(copy.storage)
        let differences = before.differences(from: after)
        #expect(differences.isEmpty, "\(fixture): \(differences)")
        #expect(before.tables["sample"]?.isEmpty == false)
        return (copy, url, folder)
    }

    @Test(arguments: RoundTripFixtures.all)
    func importExportImportGivesTheSameStore(_ fixture: String) throws {
        try roundTrip(fixture)
    }

    @Test func aZipRoundTripsAsTheFolderDoes() throws {
        let (_, url, _) = try roundTrip("Synthetic/everything", name: "export.zip")
        #expect(url.pathExtension == "zip")
    }

    /// Beat times are local times of day: the samples that have them keep the offset they were read in, whatever
    /// the export's time zone.
    @Test func anotherTimeZoneGivesTheSameStore() throws {
        try roundTrip("Synthetic/everything", timeZone: "America/Los_Angeles")
        try roundTrip("Synthetic/localized.zip", timeZone: "Asia/Kolkata")
    }

    /// Exporting the copy writes the same document (but for the export date).
    @Test func theCopyExportsTheSameDocument() throws {
        let (copy, url, kept) = try roundTrip("Synthetic/everything")
        defer { withExtendedLifetime(kept) {} }
        let folder = try TemporaryFolder()
        let (again, _) = try copy.exporting(.appleXML, to: folder, name: "again")
        func lines(_ url: URL) throws -> [String] {
            try String(contentsOf: url.appendingPathComponent("export.xml"), encoding: .utf8)
                .split(separator: "\n").map(String.init).filter { !$0.contains("<ExportDate ") }
        }
        #expect(try lines(url) == lines(again))
    }

    /// A document alone (`.xml`) has no folder for clinical records' resources nor for electrocardiograms' files, nor a
    /// file beside it for CDA documents: the records keep their path, the summary says what was left out.
    @Test func aDocumentAloneLeavesTheResourcesOut() throws {
        let original = try ImportHarness()
        try original.importing(fixture: "Synthetic/everything")
        let folder = try TemporaryFolder()
        let (url, summary) = try original.exporting(.appleXML, to: folder, name: "export.xml")
        #expect(
            summary.notWritten == [
                "ClinicalRecord resource": 1, "HKDataTypeIdentifierElectrocardiogram": 2, "CDA document": 2,
            ])
        #expect(summary.files == ["export.xml"])
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("resourceFilePath=\"/clinical-records/Observation-obs-1.json\""))
    }
}
