import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// Every file of an export is imported or named in the summary with the reason it was not.
@Suite struct ExportFileInventoryTests {
    @Test func everyFileOfTheZipIsReadOrNamedWithItsReason() throws {
        let summary = try ImportHarness().importing(fixture: "Synthetic/not-applicable.zip")
        // The document, its CDA documents and the electrocardiogram's CSV are read; the other three files are named.
        #expect(summary.filesRead == 3)
        #expect(summary.unimportedFilesTotal == 3)
        let reasons = Dictionary(uniqueKeysWithValues: summary.unimportedFiles.map { ($0.path, $0.reason) })
        #expect(
            reasons["apple_health_export/workout-routes/route_2024-03-09_8.00am.gpx"]
                == "a workout route whose workout is not in the export (no workout of export.xml refers to it)")
        #expect(
            reasons["apple_health_export/clinical-records/Observation-unreferenced.json"]
                == "a FHIR resource no clinical record of export.xml refers to")
        #expect(reasons["apple_health_export/export_cda.xml"] == nil)
        #expect(
            reasons["__MACOSX/apple_health_export/._export.xml"]
                == "a Mac's record of the file's attributes, not health data")
        #expect(reasons["apple_health_export/electrocardiograms/ecg_2024-03-11.csv"] == nil)
    }

    @Test func filesTheRecordsReferToAreReadAndNotListed() throws {
        let summary = try ImportHarness().importing(fixture: "Synthetic/everything")
        // The document, its CDA documents, its GPX route, its FHIR resource and its two electrocardiograms.
        #expect(summary.filesRead == 6)
        #expect(summary.unimportedFiles.isEmpty)
    }

    @Test func anElectrocardiogramOutsideTheExportsFolderSaysSo() {
        #expect(
            ExportFileInventory.reason("other/electrocardiograms/ecg.csv", referenced: false, document: "export.xml")
                == "an electrocardiogram (ECG) recording outside the folder of export.xml: not read")
    }

    @Test func aRouteOfAWorkoutThatWasSkippedSaysSo() {
        #expect(
            ExportFileInventory.reason(
                "apple_health_export/workout-routes/r.gpx", referenced: true, document: "export.xml")
                == "the route of a workout that was not imported (see Skipped)")
    }

    @Test func aLoneDocumentListsNothingElse() throws {
        let summary = try ImportHarness().importing(fixture: "aleksi-applehealth/testdata.xml")
        #expect(summary.filesRead == 1)
        #expect(summary.unimportedFilesTotal == 0)
    }
}
