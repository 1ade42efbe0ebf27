import Foundation

/// An unzipped export: a folder (the `apple_health_export` folder or one holding it), or the document itself, whose
/// folder holds the files it refers to.
final class FolderExportSource: ExportSource {
    private let document: URL
    private let folder: URL
    /// The folder the import was given, which ``files`` lists; nil when it was given the document alone.
    private let root: URL?
    private(set) var filesRead: Set<String> = []

    /// The document itself.
    init(document: URL) {
        self.document = document
        folder = document.deletingLastPathComponent()
        root = nil
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
            try Self.head { try FileChunks.read(root.appendingPathComponent(relative).path, chunkSize: 2048, $0) }
        }
        document = root.appendingPathComponent(chosen)
        folder = document.deletingLastPathComponent()
        self.root = URL(fileURLWithPath: rootPath)
    }

    var documentName: String { document.path }

    var documentSize: Int64? { FileChunks.size(of: document.path) }

    func readDocument(_ receive: ChunkReceiver) throws {
        try FileChunks.read(document.path, receive)
    }

    func files(inFolder name: String) -> [String] {
        let directory = folder.appendingPathComponent(name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted().map { name + "/" + $0 }
    }

    func readReferencedFile(_ path: String, _ receive: ChunkReceiver) throws -> Bool {
        guard let components = ExportDocumentLocator.containedComponents(path) else { return false }
        let url = components.reduce(folder) { $0.appendingPathComponent($1) }
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        try FileChunks.read(url.path, receive)
        if let name = fileName(ofReferenced: path) { filesRead.insert(name) }
        return true
    }

    /// Every file below the folder the import was given (the document alone when it was given the document).
    var files: [String] {
        guard let root else { return [documentFile] }
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files.append(relative(url))
        }
        return files.sorted()
    }

    var documentFile: String { root == nil ? document.lastPathComponent : relative(document) }

    func fileName(ofReferenced path: String) -> String? {
        guard let components = ExportDocumentLocator.containedComponents(path) else { return nil }
        return relative(components.reduce(folder) { $0.appendingPathComponent($1) })
    }

    /// A path below the root (or the document's folder), `/`-separated.
    private func relative(_ url: URL) -> String {
        let base = (root ?? folder).standardizedFileURL.resolvingSymlinksInPath().path
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent
    }
}
