public import Foundation

/// What remains of a deleted object, reported by anchored object queries: its UUID and, when it had them, its sync
/// identifier and sync version.
public final class HKDeletedObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The UUID of the deleted object.
    public let uuid: UUID
    /// The sync identifier and version of a deleted synced object (``HKMetadataKeySyncIdentifier``,
    /// ``HKMetadataKeySyncVersion``); nil otherwise.
    public let metadata: [String: Any]?

    package init(uuid: UUID, metadata: [String: Any]?) {
        self.uuid = uuid
        self.metadata = metadata
        super.init()
    }

    /// Deleted objects are equal when their UUIDs are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKDeletedObject)?.uuid == uuid
    }

    /// The UUID's hash.
    public override var hash: Int { uuid.hashValue }

    /// The UUID, for debugging.
    public override var description: String { "<HKDeletedObject \(uuid.uuidString)>" }

    // MARK: NSSecureCoding

    /// Deleted objects are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the UUID and the metadata.
    public func encode(with coder: NSCoder) {
        coder.encodeUUID(uuid, forKey: "uuid")
        coder.encodeMetadata(metadata, forKey: "metadata")
    }

    /// Unarchives a deleted object; nil without a UUID or with metadata that is not metadata.
    public init?(coder: NSCoder) {
        guard let uuid = coder.decodeUUID(forKey: "uuid"),
            case .success(let metadata) = coder.decodeMetadata(forKey: "metadata")
        else { return nil }
        self.uuid = uuid
        self.metadata = metadata
        super.init()
    }
}
