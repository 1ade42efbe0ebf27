import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange
import ZIPFoundation

/// An export folder's symbolic links, FIFOs and devices are never followed nor opened: the import finishes and names
/// each with the reason it was not read.
@Suite struct ExportLinkAndSpecialFileTests {
    static let linkReason = "a symbolic link: an import does not follow links"
    static let specialReason = "not a regular file (a FIFO, device or socket): not read"

    /// A copy of `Synthetic/everything` in a temporary folder, and the folder holding it (outside the export).
    struct ExportCopy {
        let folder: TemporaryFolder
        let outside: TemporaryFolder
        var export: URL { folder.url.appendingPathComponent("apple_health_export") }

        init() throws {
            folder = try TemporaryFolder()
            outside = try TemporaryFolder()
            try FileManager.default.copyItem(
                at: Fixtures.url("Synthetic/everything/apple_health_export"), to: export)
        }

        /// Replaces (or adds) the export's file `path` with a symbolic link to `destination`.
        func link(_ path: String, to destination: String) throws {
            let file = export.appendingPathComponent(path)
            try? FileManager.default.removeItem(at: file)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
        }

        /// A file outside the export holding a copy of the export's file `path`.
        func outsideCopy(of path: String) throws -> String {
            let copy = outside.url.appendingPathComponent(export.appendingPathComponent(path).lastPathComponent)
            try FileManager.default.copyItem(at: export.appendingPathComponent(path), to: copy)
            return copy.path
        }

        func importing() throws -> ImportSummary {
            try ImportHarness().importing(folder.url)
        }
    }

    static func reason(_ summary: ImportSummary, _ path: String) -> String? {
        summary.unimportedFiles.first { $0.path == "apple_health_export/" + path }?.reason
    }

    @Test func aRouteLinkedToDevZeroIsNotReadAndIsNamed() throws {
        let export = try ExportCopy()
        try export.link("workout-routes/route_2022-11-01_6.00pm.gpx", to: "/dev/zero")
        let summary = try export.importing()
        #expect(Self.reason(summary, "workout-routes/route_2022-11-01_6.00pm.gpx") == Self.linkReason)
        #expect(summary.skipped.contains { $0.element == "WorkoutRoute" })
    }

    @Test func aFHIRResourceLinkedOutsideTheExportIsNotRead() throws {
        let export = try ExportCopy()
        let path = "clinical-records/Observation-obs-1.json"
        try export.link(path, to: try export.outsideCopy(of: path))
        let summary = try export.importing()
        #expect(Self.reason(summary, path) == Self.linkReason)
        #expect(
            summary.warnings.contains { $0.message.contains("/\(path) of clinical record obs-1 is not in the export") })
    }

    @Test func anElectrocardiogramLinkedOutsideTheExportIsNotRead() throws {
        let export = try ExportCopy()
        let outside = try export.outsideCopy(of: "electrocardiograms/ecg_2022-11-01.csv")
        try export.link("electrocardiograms/ecg_outside.csv", to: outside)
        let summary = try export.importing()
        #expect(Self.reason(summary, "electrocardiograms/ecg_outside.csv") == Self.linkReason)
        #expect(summary.read(HKObjectType.electrocardiogramType().identifier) == 2)
    }

    @Test func aFolderLinkedOutsideTheExportIsNotFollowed() throws {
        let export = try ExportCopy()
        let outside = export.outside.url.appendingPathComponent("clinical-records")
        try FileManager.default.moveItem(at: export.export.appendingPathComponent("clinical-records"), to: outside)
        try export.link("clinical-records", to: outside.path)
        let summary = try export.importing()
        #expect(Self.reason(summary, "clinical-records") == Self.linkReason)
        #expect(summary.warnings.contains { $0.message.contains("of clinical record obs-1 is not in the export") })
    }

    @Test func aFIFONamedAsAnElectrocardiogramIsNotOpened() throws {
        let export = try ExportCopy()
        let fifo = export.export.appendingPathComponent("electrocardiograms/ecg_fifo.csv")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let summary = try export.importing()
        #expect(Self.reason(summary, "electrocardiograms/ecg_fifo.csv") == Self.specialReason)
        #expect(summary.read(HKObjectType.electrocardiogramType().identifier) == 2)
    }

    @Test func aFIFONamedAsARouteIsNotOpened() throws {
        let export = try ExportCopy()
        let route = export.export.appendingPathComponent("workout-routes/route_2022-11-01_6.00pm.gpx")
        try FileManager.default.removeItem(at: route)
        #expect(mkfifo(route.path, 0o600) == 0)
        let summary = try export.importing()
        #expect(Self.reason(summary, "workout-routes/route_2022-11-01_6.00pm.gpx") == Self.specialReason)
    }

    @Test func aSymbolicLinkInAZipIsNamedAndNotRead() throws {
        let folder = try TemporaryFolder()
        let zip = folder.url.appendingPathComponent("export.zip")
        let archive = try Archive(url: zip, accessMode: .create)
        try archive.addEntry(
            with: "apple_health_export/export.xml",
            fileURL: Fixtures.url("Synthetic/everything/apple_health_export/export.xml"))
        let target = Data("/etc/passwd".utf8)
        try archive.addEntry(
            with: "apple_health_export/clinical-records/Observation-obs-1.json", type: .symlink,
            uncompressedSize: Int64(target.count)
        ) { position, size in target.subdata(in: Int(position)..<Int(position) + size) }
        let summary = try ImportHarness().importing(zip)
        #expect(Self.reason(summary, "clinical-records/Observation-obs-1.json") == Self.linkReason)
    }
}
