import Foundation
import ZIPFoundation
#if canImport(zlib)
import zlib
#else
import CZlib  // ZIPFoundation's zlib module on Linux
#endif

/// A zipped export (`export.zip` as the Health app shares it), read in place with ZIPFoundation: entries are
/// inflated as they are read and checked against their CRC-32.
final class ZipExportSource: ExportSource {
    private let url: URL
    private let archive: Archive
    private let entries: [String: Entry]
    private let document: Entry
    private let documentPath: String
    /// The folder inside the archive that holds the document, with a trailing `/` (or empty).
    private let folder: String

    init(url: URL) throws {
        self.url = url
        archive = try Self.open(url)
        var entries: [String: Entry] = [:]
        for entry in archive where entry.type == .file {
            entries[Self.path(of: entry)] = entry
        }
        self.entries = entries
        let archive = archive
        let chosen = try ExportDocumentLocator.choose(Array(entries.keys), in: url.path) { path in
            try Self.head { try Self.read(entries[path]!, in: archive, named: path, $0) }
        }
        document = entries[chosen]!
        documentPath = chosen
        folder = chosen.split(separator: "/").dropLast().map { $0 + "/" }.joined()
    }

    var documentName: String { "\(url.path):\(documentPath)" }

    var documentSize: Int64? { Int64(exactly: document.uncompressedSize) }

    /// Reads the document through an archive of its own: ZIPFoundation's archives are not thread-safe, and the
    /// document is read on another thread while the parser reads referenced files (see ``ReadAhead``).
    func readDocument(_ receive: ChunkReceiver) throws {
        try Self.read(document, in: try Self.open(url), named: documentPath, receive)
    }

    private static func open(_ url: URL) throws -> Archive {
        do {
            return try Archive(url: url, accessMode: .read)
        } catch {
            throw ExportSourceError("\(url.path) cannot be read as a zip archive: \(error)")
        }
    }

    func files(inFolder name: String) -> [String] {
        let prefix = folder + name + "/"
        return entries.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }.sorted().map {
            String($0.dropFirst(folder.count))
        }
    }

    func readReferencedFile(_ path: String, _ receive: ChunkReceiver) throws -> Bool {
        guard let components = ExportDocumentLocator.containedComponents(path) else { return false }
        let name = folder + components.joined(separator: "/")
        guard let entry = entries[name] else { return false }
        try Self.read(entry, in: archive, named: name, receive)
        return true
    }

    /// Entry names are UTF-8 when flagged, and in practice also when not (exports made on Apple devices); anything
    /// else is read as code page 437, as the zip format says.
    private static func path(of entry: Entry) -> String {
        let utf8 = entry.path(using: .utf8)
        return utf8.isEmpty ? entry.path : utf8
    }

    private struct Stop: Error {}

    /// Inflates the entry a chunk at a time into a reused buffer; a complete read is checked against the entry's CRC-32.
    ///
    /// The CRC-32 is zlib's, computed here: on Linux ZIPFoundation computes it in Swift a byte at a time, which took
    /// longer than inflating (1.4 s of a 515 MB export's import against 0.5 s).
    private static func read(_ entry: Entry, in archive: Archive, named name: String, _ receive: ChunkReceiver) throws {
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ExportSources.chunkSize)
        defer { buffer.deallocate() }
        var checksum = crc32(0, nil, 0)
        // The receiver's own failures go through unchanged.
        var receiverError: (any Error)?
        do {
            _ = try archive.extract(entry, bufferSize: ExportSources.chunkSize, skipCRC32: true) { data in
                if data.count > buffer.count {
                    buffer.deallocate()
                    buffer = .allocate(capacity: data.count)
                }
                let chunk = UnsafeMutableBufferPointer(rebasing: buffer[0..<data.count])
                _ = data.copyBytes(to: chunk)
                checksum = crc32(checksum, chunk.baseAddress, uInt(chunk.count))
                let goOn: Bool
                do {
                    goOn = try receive(chunk)
                } catch {
                    receiverError = error
                    throw Stop()
                }
                guard goOn else { throw Stop() }
            }
        } catch is Stop {
            if let receiverError { throw receiverError }
            return
        } catch {
            throw ExportSourceError("\(name) cannot be read from the zip archive: \(error)")
        }
        guard CRC32(checksum) == entry.checksum else {
            throw ExportSourceError("\(name) is damaged in the zip archive (CRC-32 mismatch)")
        }
    }
}
