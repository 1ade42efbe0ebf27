public import Foundation
public import HealthKit

/// Where a ``HealthStoreSync`` keeps how far it got in each type: the anchor of the last batch it stored.
public protocol SyncAnchorStore: Sendable {
    /// The anchor saved for a type identifier, nil before the first batch.
    func anchor(for type: String) throws -> HKQueryAnchor?
    /// Saves a type's anchor, durably: a run killed after this call starts from it.
    func save(_ anchor: HKQueryAnchor, for type: String) throws
}

/// Anchors in a file of their own (a property list of each type's archived `HKQueryAnchor`), written whole to a
/// temporary file and moved into place, so that a kill never leaves half a file.
public final class FileAnchorStore: SyncAnchorStore, @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()

    /// The anchors in the file at `url` (created on the first save).
    public init(url: URL) {
        self.url = url
    }

    /// The anchor saved for the type, read from the file.
    public func anchor(for type: String) throws -> HKQueryAnchor? {
        lock.lock()
        defer { lock.unlock() }
        guard let data = try read()[type] else { return nil }
        return try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
    }

    /// Writes the file again with the type's new anchor.
    public func save(_ anchor: HKQueryAnchor, for type: String) throws {
        lock.lock()
        defer { lock.unlock() }
        var all = try read()
        all[type] = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
        let data = try PropertyListSerialization.data(fromPropertyList: all, format: .binary, options: 0)
        try data.write(to: url, options: .atomic)
    }

    private func read() throws -> [String: Data] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        let data = try Data(contentsOf: url)
        return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Data] ?? [:]
    }
}
