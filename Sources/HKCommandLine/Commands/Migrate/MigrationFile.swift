import Foundation
import OpenHealthKit
import OpenHealthKitSQLite

/// The SQLite side of `hk migrate`: an existing store to copy from, or a new file to copy into.
struct MigrationFile {
    let path: String

    /// The store at `path`, which must exist and be a store.
    func openExisting() throws -> SQLiteStorage {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HKError.invalidArgument("no store at \(path): --from names a SQLite file that does not exist")
        }
        do {
            let storage = try SQLiteStorage(path: path)
            _ = try storage.currentAnchor()
            return storage
        } catch {
            throw HKError.invalidArgument("cannot read the store at \(path): \(error)")
        }
    }

    /// Runs `body` on a new store at a temporary path beside `path`, then gives it its name, only if `path` still does
    /// not exist (a hard link never replaces a file). When anything fails, the temporary store is removed: `path`
    /// either is the whole copy or does not exist.
    func create<T>(_ body: (SQLiteStorage) throws -> T) throws -> T {
        let manager = FileManager.default
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard !manager.fileExists(atPath: path) else {
            throw HKError.invalidArgument("\(path) exists: hk migrate never overwrites a file, name a new one")
        }
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw HKError.invalidArgument("no folder \(folder) for \(path)")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).migrating-\(UUID().uuidString)").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: temporary + suffix) }
        }
        // The storage is released (its connections closed, its log checkpointed) before the file is linked.
        let result = try { () throws -> T in try body(try SQLiteStorage(path: temporary)) }()
        guard !manager.fileExists(atPath: temporary + "-wal") else {
            throw HKError(.errorDatabaseInaccessible, "the new store at \(temporary) was not closed cleanly")
        }
        guard link(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            if errno == EEXIST {
                throw HKError.invalidArgument("\(path) exists: hk migrate never overwrites a file, name a new one")
            }
            throw HKError(.errorDatabaseInaccessible, "cannot create \(path): \(reason)")
        }
        return result
    }
}
