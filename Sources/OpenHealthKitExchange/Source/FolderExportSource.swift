import Foundation

/// An unzipped export: a folder (the `apple_health_export` folder or one holding it), or the document itself, whose
/// folder holds the files it refers to.
///
/// Only regular files inside the folder are read (``FolderEntries``): a symbolic link (to a file outside, to
/// `/dev/zero`), a FIFO or a device below it is listed among ``files`` and never opened, so the summary names it with
/// the reason (``refusal(of:)``).
final class FolderExportSource: ExportSource {
    private let document: URL
    /// The folder ``files`` and the paths below are relative to: the one the import was given, or the document's.
    private let base: String
    /// The document's folder, as components below ``base``.
    private let folderComponents: [String]
    /// Whether the import was given a folder (``files`` lists it), not the document alone.
    private let isFolder: Bool
    private(set) var filesRead: Set<String> = []

    /// The document itself.
    init(document: URL) {
        self.document = document
        base = document.deletingLastPathComponent().path
        folderComponents = []
        isFolder = false
    }

    /// Looks for the document in the folder and the folders below it (three levels down at most).
    init(folder root: URL) throws {
        let rootPath = root.standardizedFileURL.path
        let candidates = FolderEntries.entries(below: rootPath, maximumDepth: 3).filter { $0.kind == .regularFile }
        let chosen = try ExportDocumentLocator.choose(candidates.map(\.path), in: rootPath) { relative in
            try Self.head { try Self.read(relative.split(separator: "/").map(String.init), below: rootPath, $0) }
        }
        document = URL(fileURLWithPath: rootPath).appendingPathComponent(chosen)
        base = rootPath
        folderComponents = chosen.split(separator: "/").dropLast().map(String.init)
        isFolder = true
    }

    var documentName: String { document.path }

    var documentSize: Int64? { FileChunks.size(of: document.path) }

    func readDocument(_ receive: ChunkReceiver) throws {
        if isFolder {
            guard try Self.read(folderComponents + [document.lastPathComponent], below: base, receive) else {
                throw ExportSourceError("cannot open \(document.path): it is no longer a regular file")
            }
        } else {
            try FileChunks.read(document.path, receive)
        }
    }

    func files(inFolder name: String) -> [String] {
        FolderEntries.regularFiles(in: folderComponents + [name], below: base).sorted().map { name + "/" + $0 }
    }

    func readReferencedFile(_ path: String, _ receive: ChunkReceiver) throws -> Bool {
        guard let components = ExportDocumentLocator.containedComponents(path),
            try Self.read(folderComponents + components, below: base, receive)
        else { return false }
        filesRead.insert((folderComponents + components).joined(separator: "/"))
        return true
    }

    /// Every file below the folder the import was given (the document alone when it was given the document), links
    /// and other files that are not regular included.
    var files: [String] {
        guard isFolder else { return [documentFile] }
        return FolderEntries.entries(below: base).map(\.path).sorted()
    }

    var documentFile: String {
        (folderComponents + [document.lastPathComponent]).joined(separator: "/")
    }

    func fileName(ofReferenced path: String) -> String? {
        ExportDocumentLocator.containedComponents(path).map { (folderComponents + $0).joined(separator: "/") }
    }

    func refusal(of file: String) -> String? {
        FolderEntries.kind(base + "/" + file)?.refusal
    }

    /// Reads the regular file at `components` below `base`; false when there is none, or it is refused.
    private static func read(_ components: [String], below base: String, _ receive: ChunkReceiver) throws -> Bool {
        guard let descriptor = try FolderEntries.openRegularFile(components, below: base) else { return false }
        defer { close(descriptor) }
        try FileChunks.read(descriptor: descriptor, named: components.joined(separator: "/"), receive)
        return true
    }
}
