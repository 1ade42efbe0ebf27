package import Foundation
package import Hummingbird
import NIOCore
import SystemPackage
import _NIOFileSystem

/// Streams a request body to a private file on disk, never holding it in memory: Health's uploaded exports and
/// healthd's ingested pushes.
///
/// The file is `<directory>/<prefix><random>/<name>`: the directory and the folder 0700, the file 0600, written
/// through NIO's file system (its own threads). A body over `limit` bytes stops at the first byte beyond and throws
/// `tooLarge`; an empty one throws `empty`; either way the folder is removed.
package enum UploadSpool {
    package static func receive(
        _ body: RequestBody, into directory: URL, folderPrefix: String, fileName: String, limit: Int64,
        tooLarge: @autoclosure () -> any Error, empty: @autoclosure () -> any Error,
        created: @escaping @Sendable (URL) -> Void = { _ in }
    ) async throws -> URL {
        let fileManager = FileManager.default
        try fileManager.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let folder = directory.appendingPathComponent(folderPrefix + UUID().uuidString)
        try fileManager.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let file = folder.appendingPathComponent(fileName)
        try await blocking { created(file) }
        var received: Int64 = 0
        var overLimit = false
        do {
            try await FileSystem.shared.withFileHandle(
                forWritingAt: FilePath(file.path),
                options: .newFile(replaceExisting: false, permissions: .ownerReadWrite)
            ) { handle in
                try await handle.withBufferedWriter { writer in
                    for try await buffer in body {
                        received += Int64(buffer.readableBytes)
                        guard received <= limit else {
                            overLimit = true
                            return
                        }
                        _ = try await writer.write(contentsOf: buffer)
                    }
                }
            }
            if overLimit { throw tooLarge() }
            guard received > 0 else { throw empty() }
        } catch {
            try? fileManager.removeItem(at: folder)
            throw error
        }
        return file
    }

    /// Removes the folders of `prefix` in `directory` last changed over `age` seconds ago: what a process that
    /// stopped while receiving left behind.
    package static func removeStale(_ prefix: String, in directory: URL, olderThan age: TimeInterval) {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix(prefix) {
            let folder = directory.appendingPathComponent(name)
            guard let changed = try? fileManager.attributesOfItem(atPath: folder.path)[.modificationDate] as? Date,
                changed.timeIntervalSinceNow < -age
            else { continue }
            try? fileManager.removeItem(at: folder)
        }
    }

    /// Removes what ``receive(_:into:folderPrefix:fileName:limit:tooLarge:empty:created:)`` made for `file`.
    package static func remove(_ file: URL) {
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }
}
