import Foundation
import ZIPFoundation

/// A zipped export (`export.zip` as the Health app shares it), read in place: ZIPFoundation lists the entries,
/// ``ZipEntryReader`` reads them (inflated as they are read, never past their compressed data, checked against their
/// size and CRC-32).
final class ZipExportSource: ExportSource {
    private let url: URL
    private let entries: [String: ZipEntryReader.Location]
    /// The archive's symbolic links, listed in ``files`` and never read.
    private let links: Set<String>
    private let document: ZipEntryReader.Location
    private let documentPath: String
    /// The folder inside the archive that holds the document, with a trailing `/` (or empty).
    private let folder: String
    private(set) var filesRead: Set<String> = []

    init(url: URL) throws {
        self.url = url
        let archive = try Self.open(url)
        let directory = try ZipEntryReader(url: url)
        var entries: [String: ZipEntryReader.Location] = [:]
        var links: Set<String> = []
        var index = 0
        for entry in archive {
            // Both read the same central directory, in its order.
            guard index < directory.locations.count, directory.locations[index].crc32 == entry.checksum,
                directory.locations[index].compressedSize == entry.compressedSize
            else {
                throw ExportSourceError("\(url.path) has a damaged zip central directory")
            }
            switch entry.type {
            case .file: entries[Self.path(of: entry)] = directory.locations[index]
            case .symlink: links.insert(Self.path(of: entry))
            case .directory: break
            }
            index += 1
        }
        self.entries = entries
        self.links = links
        let chosen = try ExportDocumentLocator.choose(Array(entries.keys), in: url.path) { path in
            try Self.head { try Self.read(entries[path]!, of: url, named: path, $0) }
        }
        document = entries[chosen]!
        documentPath = chosen
        folder = chosen.split(separator: "/").dropLast().map { $0 + "/" }.joined()
    }

    var documentName: String { "\(url.path):\(documentPath)" }

    var documentSize: Int64? { Int64(exactly: document.uncompressedSize) }

    /// Reads the document through a file handle of its own: it is read on another thread while the parser reads
    /// referenced files (see ``ReadAhead``).
    func readDocument(_ receive: ChunkReceiver) throws {
        try Self.read(document, of: url, named: documentPath, receive)
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
        guard let name = fileName(ofReferenced: path), let entry = entries[name] else { return false }
        try Self.read(entry, of: url, named: name, receive)
        filesRead.insert(name)
        return true
    }

    var files: [String] { links.union(entries.keys).sorted() }

    var documentFile: String { documentPath }

    func fileName(ofReferenced path: String) -> String? {
        ExportDocumentLocator.containedComponents(path).map { folder + $0.joined(separator: "/") }
    }

    func refusal(of file: String) -> String? {
        links.contains(file) ? FolderEntries.Kind.symbolicLink.refusal : nil
    }

    /// Entry names are UTF-8 when flagged, and in practice also when not (exports made on Apple devices); anything
    /// else is read as code page 437, as the zip format says.
    private static func path(of entry: Entry) -> String {
        let utf8 = entry.path(using: .utf8)
        return utf8.isEmpty ? entry.path : utf8
    }

    /// Inflates the entry a chunk at a time; a complete read is checked against the entry's size and CRC-32 (zlib's,
    /// computed as it is read: on Linux ZIPFoundation computes it in Swift a byte at a time, which took longer than
    /// inflating, 1.4 s of a 515 MB export's import against 0.5 s).
    private static func read(
        _ entry: ZipEntryReader.Location, of url: URL, named name: String, _ receive: ChunkReceiver
    ) throws {
        try ZipEntryReader.read(entry, of: url, named: name, chunkSize: ExportSources.chunkSize, receive)
    }
}
