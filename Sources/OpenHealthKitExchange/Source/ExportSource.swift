import Foundation

/// Bytes read in order, a chunk at a time: a file, or a zip entry being inflated. Nothing is ever read whole.
protocol ByteStream: AnyObject {
    /// The number of bytes the stream will give, when known (for progress).
    var expectedSize: Int64? { get }
    /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Where a Health export's files come from: a folder, a zip, or a lone `export.xml`.
///
/// This is the seam for archive formats: the importer sees only the main document and the files it refers to.
protocol ExportSource: AnyObject {
    /// The path of the main export document, for messages (inside an archive: `archive.zip:apple_health_export/export.xml`).
    var documentName: String { get }
    /// Opens the main export document.
    func openDocument() throws -> any ByteStream
    /// Opens a file the export refers to by a path relative to the export folder (`/workout-routes/route_1.gpx`,
    /// `/clinical-records/Observation-1.json`); nil when the export does not have it.
    func openReferencedFile(_ path: String) throws -> (any ByteStream)?
}

extension ExportSource {
    /// Reads a small referenced file (a FHIR resource) whole, up to `limit` bytes; nil when absent or larger.
    func readReferencedFile(_ path: String, limit: Int = 16 << 20) throws -> Data? {
        guard let stream = try openReferencedFile(path) else { return nil }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if data.count > limit { return nil }
        }
    }
}

/// Errors in finding or reading an export.
struct ExportSourceError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Opens what `hk import PATH` names: a zip (recognized by its signature, whatever its name), a folder holding an
/// unzipped export, or the export document itself.
enum ExportSources {
    static func open(_ url: URL) throws -> any ExportSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ExportSourceError("\(url.path): no such file or folder")
        }
        if isDirectory.boolValue { return try FolderExportSource(folder: url) }
        if try ZipArchive.isZip(url) { return try ZipExportSource(archive: ZipArchive(url: url)) }
        return FolderExportSource(document: url)
    }
}
