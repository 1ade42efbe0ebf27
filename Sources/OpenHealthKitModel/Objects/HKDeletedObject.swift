public import Foundation

/// What remains of a deleted object, reported by anchored object queries: its UUID and, when it had them, its sync
/// identifier and sync version.
public final class HKDeletedObject: NSObject, @unchecked Sendable {
    public let uuid: UUID
    public let metadata: [String: Any]?

    package init(uuid: UUID, metadata: [String: Any]?) {
        self.uuid = uuid
        self.metadata = metadata
        super.init()
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKDeletedObject)?.uuid == uuid
    }

    public override var hash: Int { uuid.hashValue }

    public override var description: String { "<HKDeletedObject \(uuid.uuidString)>" }
}
