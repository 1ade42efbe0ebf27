import Foundation
import OpenHealthKitExchange

/// A Health Auto Export push (`POST /v1/ingest/health-auto-export`), stored in a new in-memory store as healthd
/// stores it. Whatever the bytes, the push is refused as not the format, or stored with an answer whose counts add
/// up (every record received was stored, already stored or refused), never a crash or another error.
enum AutoExportFuzzing {
    private static let file: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-fuzz-ingest-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            fatalError("cannot create \(folder.path): \(error)")
        }
        return folder.appendingPathComponent("push.json")
    }()

    static func run(_ data: Data) -> Bool {
        do {
            try data.write(to: file)
        } catch {
            fatalError("cannot write the fuzz input to \(file.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let result = try AutoExportIngest(engine: FuzzStore.engine()).ingest(fileAt: file)
            for item in result.items {
                FuzzCheck.require(
                    item.alreadyStored + item.refused <= item.received && item.refused >= item.problems.count,
                    "the answer's counts for \(item.name ?? item.section) do not add up: \(item)")
            }
            return true
        } catch is AutoExportFormatError {
            return false
        } catch {
            fatalError("fuzz property violated: ingesting threw \(String(reflecting: error))")
        }
    }
}
