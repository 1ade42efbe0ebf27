// The C `stat` and its fields are owned by whichever of these modules the compiler loaded first (CoreFoundation in a
// clean build, CDispatch in some incremental ones); MemberImportVisibility wants the owner imported here.
import CDispatch
import CoreFoundation
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The files below an export folder, listed and opened without ever leaving it: no symbolic link is followed (each
/// component is opened relative to its parent with `O_NOFOLLOW`), and only regular files are opened (checked with
/// `lstat` before, and `fstat` after, a non-blocking open), so a link out of the export, a FIFO or a device is never
/// read, nor left blocking or spinning the import.
enum FolderEntries {
    /// What an entry is, as `lstat` sees it.
    enum Kind: Equatable {
        case regularFile, directory, symbolicLink, special

        /// Why an entry of this kind is never read; nil for a regular file or a folder.
        var refusal: String? {
            switch self {
            case .regularFile, .directory: nil
            case .symbolicLink: "a symbolic link: an import does not follow links"
            case .special: "not a regular file (a FIFO, device or socket): not read"
            }
        }

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symbolicLink
            default: self = .special
            }
        }
    }

    /// The entry at `path` itself (a link is not followed); nil when there is none.
    static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// Every entry below `root` but its folders, as `/`-separated paths relative to it with their kinds, in no
    /// particular order; links are listed, not followed. Paths have `maximumDepth` components at most.
    static func entries(below root: String, maximumDepth: Int = .max) -> [(path: String, kind: Kind)] {
        var found: [(path: String, kind: Kind)] = []
        var folders: [[String]] = [[]]
        while let components = folders.popLast() {
            let folder = ([root] + components).joined(separator: "/")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                guard let kind = kind(folder + "/" + name) else { continue }
                let path = components + [name]
                if kind != .directory {
                    found.append((path.joined(separator: "/"), kind))
                } else if path.count < maximumDepth {
                    folders.append(path)
                }
            }
        }
        return found
    }

    /// The regular files directly in the folder at `components` below `root`, by name; empty when that is not a
    /// folder (a link to one included).
    static func regularFiles(in components: [String], below root: String) -> [String] {
        let folder = ([root] + components).joined(separator: "/")
        let folders = components.indices.map { ([root] + components[...$0]).joined(separator: "/") }
        guard !components.contains(".."), folders.allSatisfy({ kind($0) == .directory }) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { kind(folder + "/" + $0) == .regularFile }
    }

    /// Opens the regular file at `components` below `root` for reading; nil when there is none there, or what is
    /// there is refused (a link on the way or at the end, or not a regular file).
    static func openRegularFile(_ components: [String], below root: String) throws -> Int32? {
        guard let name = components.last, !components.contains("..") else { return nil }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return try absentOrThrow(root) }
        defer { close(folder) }
        for component in components.dropLast() {
            let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return try absentOrThrow(component) }
            close(folder)
            folder = next
        }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return try absentOrThrow(name) }
        guard Kind(mode: info.st_mode) == .regularFile else { return nil }
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return try absentOrThrow(name) }
        guard FileChunks.isRegularFile(file) else {
            close(file)
            return nil
        }
        return file
    }

    /// Nil for the errors that mean "nothing to read there" (absent, a link, not a folder); a thrown error otherwise.
    private static func absentOrThrow(_ name: String) throws -> Int32? {
        if [ENOENT, ELOOP, ENOTDIR, ENXIO].contains(errno) { return nil }
        throw ExportSourceError("cannot open \(name): \(String(cString: strerror(errno)))")
    }
}
