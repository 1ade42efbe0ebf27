import Foundation
import OpenHealthKitModel
import ZIPFoundation

/// Where an export goes, and how it gets there without ever leaving half an export behind.
///
/// Everything is written in a private staging folder (0700) beside the destination, and moved to the destination
/// only once complete: a failed export leaves nothing, and nobody else can read the files while they are written.
/// Files are 0600 and folders 0700 (health data). The destination must not exist: an export never replaces anything.
final class ExportDestination {
    /// What the destination is.
    enum Shape {
        /// A folder of files (CSV, or an unzipped Apple export).
        case folder
        /// One file (FHIR, or Apple's document alone).
        case file
        /// A zip of the export's folder: Apple's (`apple_health_export/...`), or CSV files under the zip's name
        /// (`health.zip`: `health/...`).
        case zip
    }

    let destination: URL
    let shape: Shape
    private let staging: URL

    /// Where writers put their output: the folder to fill (`.folder`, `.zip`) or the file to create (`.file`).
    let root: URL
    /// The folder a `.zip` holds its files in.
    private let zippedFolder: String

    /// Checks the destination and creates the staging folder.
    ///
    /// - Throws: `errorInvalidArgument` when the destination exists, its folder does not, or its name does not suit
    ///   the format.
    init(_ destination: URL, format: ExportFormat) throws {
        let destination = destination.standardizedFileURL
        self.destination = destination
        shape = try Self.check(destination, format: format)
        let name = destination.lastPathComponent
        let parent = destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(name).export-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HKError(.errorInvalidArgument, "cannot write in \(parent.path): \(error.localizedDescription)")
        }
        zippedFolder =
            format == .appleXML ? "apple_health_export" : destination.deletingPathExtension().lastPathComponent
        root = staging.appendingPathComponent(shape == .zip ? zippedFolder : name)
        if shape != .file { try Self.makeFolder(root) }
    }

    /// Checks a destination without touching anything: it must not exist, its folder must, and its name must suit the
    /// format. Returns what it will be.
    static func check(_ destination: URL, format: ExportFormat) throws -> Shape {
        let destination = destination.standardizedFileURL
        let name = destination.lastPathComponent
        let suffix = destination.pathExtension.lowercased()
        let shape: Shape =
            switch format {
            case .appleXML: suffix == "zip" ? .zip : suffix == "xml" ? .file : .folder
            case .fhir: .file
            case .csv: suffix == "zip" ? .zip : .folder
            }
        if format == .csv, ["csv", "json", "xml"].contains(suffix) {
            throw HKError(
                .errorInvalidArgument,
                "csv writes one file per type into a folder or a .zip: --out names the folder or zip to create, not a "
                    + ".\(suffix) file")
        }
        if format == .fhir, ["zip", "xml", "csv"].contains(suffix) {
            throw HKError(
                .errorInvalidArgument,
                "fhir writes one JSON file (a Bundle): --out names that file (for example export.json), not a .\(suffix) file"
            )
        }
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw HKError(
                .errorInvalidArgument, "--out needs the path of a \(shape == .folder ? "folder" : "file") to create")
        }
        if FileManager.default.fileExists(atPath: destination.path)
            || (try? FileManager.default.destinationOfSymbolicLink(atPath: destination.path)) != nil
        {
            throw HKError(
                .errorInvalidArgument,
                "\(destination.path) already exists: an export never replaces anything, choose a new path")
        }
        let parent = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw HKError(.errorInvalidArgument, "\(parent.path) is not a folder: create it first")
        }
        return shape
    }

    deinit {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Creates a private folder (0700).
    static func makeFolder(_ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Moves the finished export to the destination (zipping it first for `.zip`); the staging folder goes.
    func complete() throws {
        var finished = root
        if shape == .zip {
            finished = staging.appendingPathComponent(destination.lastPathComponent)
            try zip(root, into: finished)
        }
        if FileManager.default.fileExists(atPath: destination.path) {
            throw HKError(
                .errorInvalidArgument, "\(destination.path) appeared while exporting: the export was not written")
        }
        try FileManager.default.moveItem(at: finished, to: destination)
        try? FileManager.default.removeItem(at: staging)
    }

    /// Zips the folder's files under its name (`apple_health_export/`, as the Health app does); the zip is 0600 before
    /// it holds anything (and in the private staging folder until complete).
    private func zip(_ folder: URL, into zipURL: URL) throws {
        let archive = try Archive(url: zipURL, accessMode: .create)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: zipURL.path)
        for relative in try files(in: folder) {
            try archive.addEntry(
                with: zippedFolder + "/" + relative, fileURL: folder.appendingPathComponent(relative),
                compressionMethod: .deflate)
        }
    }

    /// The paths of the files under `folder`, relative to it, sorted.
    func files(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
