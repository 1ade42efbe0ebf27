import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// An export never replaces anything, and never leaves half of itself behind.
@Suite struct ExportDestinationTests {
    private func entries(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    @Test func shapesFollowTheFormatAndName() throws {
        let folder = try TemporaryFolder()
        let url = { (name: String) in folder.url.appendingPathComponent(name) }
        #expect(try ExportDestination.check(url("export"), format: .appleXML) == .folder)
        #expect(try ExportDestination.check(url("export.zip"), format: .appleXML) == .zip)
        #expect(try ExportDestination.check(url("export.xml"), format: .appleXML) == .file)
        #expect(try ExportDestination.check(url("bundle.json"), format: .fhir) == .file)
        #expect(try ExportDestination.check(url("tables"), format: .csv) == .folder)
        #expect(try ExportDestination.check(url("tables.zip"), format: .csv) == .zip)
    }

    @Test func refusalsNameTheProblem() throws {
        let folder = try TemporaryFolder()
        try folder.write("taken", "")
        let cases: [(String, ExportFormat, String)] = [
            ("taken", .csv, "already exists"),
            ("missing/export", .appleXML, "is not a folder"),
            ("steps.csv", .csv, "into a folder"),
            ("bundle.zip", .fhir, "one JSON file"),
        ]
        for (name, format, problem) in cases {
            #expect {
                try ExportDestination.check(folder.url.appendingPathComponent(name), format: format)
            } throws: { error in
                (error as? HKError)?.code == .errorInvalidArgument
                    && (error as? HKError)?.message.contains(problem) == true
            }
        }
        #expect(try entries(folder) == ["taken"])
    }

    @Test func anUnfinishedExportLeavesNothing() throws {
        let folder = try TemporaryFolder()
        do {
            let destination = try ExportDestination(folder.url.appendingPathComponent("export"), format: .csv)
            let file = try ExportFile(creating: destination.root.appendingPathComponent("stepCount.csv"))
            try file.write("uuid\n")
            try file.close()
            let staging = try entries(folder)
            #expect(staging.count == 1 && staging[0].hasPrefix(".export.export-"))
            #expect(
                try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(staging[0]).path)[
                    .posixPermissions] as? Int == 0o700)
        }
        #expect(try entries(folder).isEmpty)
    }

    @Test func aCompleteExportMovesIntoPlace() throws {
        let folder = try TemporaryFolder()
        let destination = try ExportDestination(folder.url.appendingPathComponent("bundle.json"), format: .fhir)
        let file = try ExportFile(creating: destination.root)
        try file.write("{}")
        try file.close()
        try destination.complete()
        #expect(try entries(folder) == ["bundle.json"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("bundle.json"), encoding: .utf8) == "{}")
        #expect(
            try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("bundle.json").path)[
                .posixPermissions] as? Int == 0o600)
    }
}
