// The C `stat` and its fields are owned by whichever of these modules the compiler loaded first (CoreFoundation in a
// clean build, CDispatch in some incremental ones); MemberImportVisibility wants the owner imported here.
import CDispatch
import CoreFoundation
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Receives a file's bytes a chunk at a time, in order; returns false to stop reading. The chunk is the reader's
/// own buffer: the receiver may change it, and must not keep it.
typealias ChunkReceiver = (UnsafeMutableBufferPointer<UInt8>) throws -> Bool

/// Where a Health export's files come from: a folder, a zip, or a lone `export.xml`.
///
/// This is the seam for archive formats: the importer sees only the main document and the files it refers to, each
/// read a chunk at a time (a multi-gigabyte `export.xml` is never read whole, nor extracted to disk).
protocol ExportSource: AnyObject {
    /// The path of the main export document, for messages (inside an archive: `archive.zip:apple_health_export/export.xml`).
    var documentName: String { get }
    /// The document's size in bytes (uncompressed), when known.
    var documentSize: Int64? { get }
    /// Reads the main export document. It may run on another thread than, and at the same time as,
    /// ``readReferencedFile(_:_:)``.
    func readDocument(_ receive: ChunkReceiver) throws
    /// Reads a file the export refers to by a path relative to the export folder (`/workout-routes/route_1.gpx`,
    /// `/clinical-records/Observation-1.json`). Returns false when the export does not have it; a path that would
    /// leave the export folder (`..`) is never read.
    func readReferencedFile(_ path: String, _ receive: ChunkReceiver) throws -> Bool
    /// The paths (relative to the export folder, as ``readReferencedFile(_:_:)`` takes them) of the files directly in
    /// the export's folder `name` (`electrocardiograms`), sorted; empty when there is no such folder.
    func files(inFolder name: String) -> [String]

    /// Every file of the export, the document included, as the summary names them: inside a zip its entry's path
    /// (`apple_health_export/workout-routes/route_1.gpx`), in a folder the path below it; for a lone document, its
    /// name alone.
    var files: [String] { get }
    /// The name ``files`` gives the document.
    var documentFile: String { get }
    /// The name ``files`` gives a path the export refers to; nil when the path would leave the export folder.
    func fileName(ofReferenced path: String) -> String?
    /// The names (as ``files`` gives them) of the referenced files read so far.
    var filesRead: Set<String> { get }
    /// Why the file (as ``files`` names it) is never read, whatever refers to it: a symbolic link, or not a regular
    /// file; nil for a file that may be read.
    func refusal(of file: String) -> String?
}

extension ExportSource {
    /// A small referenced file (a FHIR resource), whole; nil when absent or larger than `limit` bytes.
    func referencedFileData(_ path: String, limit: Int = 16 << 20) throws -> Data? {
        var data = Data()
        var tooLarge = false
        let found = try readReferencedFile(path) { chunk in
            data.append(contentsOf: chunk)
            tooLarge = data.count > limit
            return !tooLarge
        }
        return found && !tooLarge ? data : nil
    }

    /// Up to the first 2 KiB of a file, to recognize the export document.
    static func head(_ read: (ChunkReceiver) throws -> Void) rethrows -> [UInt8] {
        var head: [UInt8] = []
        try read { chunk in
            head.append(contentsOf: chunk.prefix(2048 - head.count))
            return head.count < 2048
        }
        return head
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
    /// Bytes per chunk read.
    static let chunkSize = 256 << 10

    static func open(_ url: URL) throws -> any ExportSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ExportSourceError("\(url.path): no such file or folder")
        }
        if isDirectory.boolValue { return try FolderExportSource(folder: url) }
        let signature = try FileChunks.head(of: url.path, count: 4)
        if signature == [0x50, 0x4B, 0x03, 0x04] { return try ZipExportSource(url: url) }
        return FolderExportSource(document: url)
    }
}

/// A file read through its descriptor, a chunk at a time, into one reused buffer.
enum FileChunks {
    /// Reads the file at `path`, which must be a regular file (opened without blocking, so that a FIFO is refused,
    /// not waited on).
    static func read(_ path: String, chunkSize: Int = ExportSources.chunkSize, _ receive: ChunkReceiver) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportSourceError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard isRegularFile(descriptor) else { throw ExportSourceError("\(path) is not a regular file") }
        try read(descriptor: descriptor, named: path, chunkSize: chunkSize, receive)
    }

    /// Reads an open file to its end (or until `receive` returns false); the caller closes it.
    static func read(
        descriptor: Int32, named path: String, chunkSize: Int = ExportSources.chunkSize, _ receive: ChunkReceiver
    ) throws {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw ExportSourceError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            guard try receive(UnsafeMutableBufferPointer(rebasing: buffer[0..<count])) else { return }
        }
    }

    /// Whether the open file is a regular file (not a FIFO, a device or a socket).
    static func isRegularFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && FolderEntries.Kind(mode: info.st_mode) == .regularFile
    }

    static func head(of path: String, count: Int) throws -> [UInt8] {
        var head: [UInt8] = []
        try read(path, chunkSize: count) { chunk in
            head += chunk
            return false
        }
        return head
    }

    static func size(of path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }
}
