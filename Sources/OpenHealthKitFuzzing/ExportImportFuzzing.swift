import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitModel
import OpenHealthKitSQLite

/// An export file, imported into a store as `hk import` does. Whatever the bytes (XML with entities, nesting,
/// attributes by the thousand; a zip with odd entries), the import ends with a summary or an `HKError`.
///
/// The store lives in memory for the whole run (it grows with what earlier inputs imported, as a real store would);
/// the file is written to a folder of this process's own, readable only by its user.
enum ExportImportFuzzing {
    nonisolated(unsafe) private static let engine: HealthEngine = {
        do { return try HealthEngine.open(.memory) } catch { fatalError("cannot open an in-memory store: \(error)") }
    }()
    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-fuzz-import-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }()

    static func run(_ data: Data, fileName: String) {
        let file = folder.appendingPathComponent(fileName)
        do {
            try data.write(to: file)
        } catch {
            fatalError("cannot write the fuzz input to \(file.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        FuzzCheck.refusesOnlyWithHKError("importing \(fileName)") {
            let summary = try HealthExportImporter(engine: engine).import(from: file)
            for (type, counts) in summary.records {
                FuzzCheck.require(
                    counts.added + counts.alreadyStored + counts.skipped == counts.read,
                    "the summary's counts for \(type) do not add up: \(counts)")
            }
        }
    }
}
