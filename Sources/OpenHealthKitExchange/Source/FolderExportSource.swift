import Foundation

/// An unzipped export: a folder (the `apple_health_export` folder or one holding it), or the document itself, whose
/// folder holds the files it refers to.
final class FolderExportSource: ExportSource {
    private let document: URL
    private let folder: URL

    /// The document itself.
    init(document: URL) {
        self.document = document
        folder = document.deletingLastPathComponent()
    }

    /// Looks for the document in the folder and the folders below it (three levels down at most).
    init(folder root: URL) throws {
        var candidates: [String] = []
        let rootPath = root.standardizedFileURL.path
        if let enumerator = FileManager.default.enumerator(atPath: rootPath) {
            while let relative = enumerator.nextObject() as? String {
                if relative.split(separator: "/").count >= 3 { enumerator.skipDescendants() }
                if ExportDocumentLocator.isCandidate(relative) { candidates.append(relative) }
            }
        }
        let chosen = try ExportDocumentLocator.choose(candidates, in: rootPath) { relative in
            try Self.head(of: root.appendingPathComponent(relative).path)
        }
        document = root.appendingPathComponent(chosen)
        folder = document.deletingLastPathComponent()
    }

    var documentName: String { document.path }

    func openDocument() throws -> any ByteStream {
        try FileByteStream(path: document.path)
    }

    func openReferencedFile(_ path: String) throws -> (any ByteStream)? {
        guard let components = ExportDocumentLocator.containedComponents(path) else { return nil }
        let url = components.reduce(folder) { $0.appendingPathComponent($1) }
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try FileByteStream(path: url.path)
    }

    private static func head(of path: String) throws -> [UInt8] {
        let stream = try FileByteStream(path: path)
        var bytes = [UInt8](repeating: 0, count: 2048)
        let count = try bytes.withUnsafeMutableBytes { try stream.read(into: $0) }
        return Array(bytes[0..<count])
    }
}
