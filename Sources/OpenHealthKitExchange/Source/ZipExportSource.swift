import Foundation

/// A zipped export (`export.zip` as the Health app shares it), read in place.
final class ZipExportSource: ExportSource {
    private let archive: ZipArchive
    private let document: ZipArchive.Entry
    /// The folder inside the archive that holds the document, with a trailing `/` (or empty).
    private let folder: String

    init(archive: ZipArchive) throws {
        self.archive = archive
        let files = archive.entries.filter { !$0.isDirectory }.map(\.path)
        let chosen = try ExportDocumentLocator.choose(files, in: archive.url.path) { path in
            guard let entry = archive.entry(path) else { return [] }
            let stream = try archive.open(entry)
            var bytes = [UInt8](repeating: 0, count: 2048)
            let count = try bytes.withUnsafeMutableBytes { try stream.read(into: $0) }
            return Array(bytes[0..<count])
        }
        document = archive.entry(chosen)!
        folder = chosen.split(separator: "/").dropLast().map { $0 + "/" }.joined()
    }

    var documentName: String { "\(archive.url.path):\(document.path)" }

    func openDocument() throws -> any ByteStream {
        try archive.open(document)
    }

    func openReferencedFile(_ path: String) throws -> (any ByteStream)? {
        guard let components = ExportDocumentLocator.containedComponents(path),
              let entry = archive.entry(folder + components.joined(separator: "/"))
        else { return nil }
        return try archive.open(entry)
    }
}
