import Foundation
import OpenHealthKitExchange

/// An export file, imported into a new in-memory store as `hk import` does. Whatever the bytes (XML with entities,
/// nesting, attributes by the thousand; a zip with odd entries), the import ends with a summary whose counts add up
/// (every record read was added, already stored or skipped), or with an `HKError`.
///
/// The file is written to a folder of this process's own, readable only by its user.
enum ExportImportFuzzing {
    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-fuzz-import-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            fatalError("cannot create \(folder.path): \(error)")
        }
        return folder
    }()

    static func run(_ data: Data, fileName: String) -> Bool {
        let file = folder.appendingPathComponent(fileName)
        do {
            try data.write(to: file)
        } catch {
            fatalError("cannot write the fuzz input to \(file.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        return FuzzCheck.refusesOnlyAsInvalid("importing \(fileName)") {
            let summary = try HealthExportImporter(engine: FuzzStore.engine()).import(from: file)
            for (type, counts) in summary.records {
                FuzzCheck.require(
                    counts.added + counts.alreadyStored + counts.skipped == counts.read,
                    "the summary's counts for \(type) do not add up: \(counts)")
            }
        }
    }
}
