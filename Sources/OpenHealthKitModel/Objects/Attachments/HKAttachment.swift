public import Foundation

/// A file attached to an object in the store, such as the scan of a vision prescription: its identity, name, content
/// type, size, creation date and metadata. Its bytes are read through `HKAttachmentStore`.
public final class HKAttachment: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The attachment's unique identifier in the store.
    public let identifier: UUID
    /// The file's name.
    public let name: String
    /// The file's type.
    public let contentType: UTType
    /// The file's size in bytes.
    public let size: Int
    /// When the attachment was added.
    public let creationDate: Date
    /// Extra information: `String`, `NSNumber` or `Date` values.
    public let metadata: [String: Any]?

    package init(
        identifier: UUID, name: String, contentType: UTType, size: Int, creationDate: Date, metadata: [String: Any]?
    ) {
        self.identifier = identifier
        self.name = name
        self.contentType = contentType
        self.size = size
        self.creationDate = creationDate
        self.metadata = metadata
        super.init()
    }

    /// Attachments are immutable: a copy is the attachment itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Attachments are equal when their identifiers are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKAttachment)?.identifier == identifier
    }

    /// The identifier's hash.
    public override var hash: Int { identifier.hashValue }

    /// The name, type and size, for debugging.
    public override var description: String {
        "<HKAttachment \(name) (\(contentType.identifier), \(size) bytes) \(identifier.uuidString)>"
    }

    // MARK: NSSecureCoding

    /// Attachments are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every field (metadata values that are strings, numbers or dates).
    public func encode(with coder: NSCoder) {
        coder.encode(identifier.uuidString as NSString, forKey: "identifier")
        coder.encode(name as NSString, forKey: "name")
        coder.encode(contentType.identifier as NSString, forKey: "contentType")
        coder.encode(size, forKey: "size")
        coder.encode(creationDate.timeIntervalSinceReferenceDate, forKey: "creationDate")
        if let metadata {
            let plain = metadata.compactMapValues { value -> NSObject? in
                switch value {
                case let string as String: string as NSString
                case let number as NSNumber: number
                case let date as Date: date as NSDate
                default: nil
                }
            }
            coder.encode(plain as NSDictionary, forKey: "metadata")
        }
    }

    /// Unarchives an attachment; nil when a field is missing.
    public init?(coder: NSCoder) {
        guard
            let identifier = (coder.decodeObject(of: NSString.self, forKey: "identifier") as String?)
                .flatMap(UUID.init(uuidString:)),
            let name = coder.decodeObject(of: NSString.self, forKey: "name"),
            let type = (coder.decodeObject(of: NSString.self, forKey: "contentType") as String?).flatMap({ UTType($0) }
            ),
            coder.containsValue(forKey: "size"), coder.containsValue(forKey: "creationDate")
        else { return nil }
        self.identifier = identifier
        self.name = name as String
        contentType = type
        size = coder.decodeInteger(forKey: "size")
        creationDate = Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: "creationDate"))
        metadata =
            coder.decodeObject(
                of: [NSDictionary.self, NSString.self, NSNumber.self, NSDate.self], forKey: "metadata")
            as? [String: Any]
        super.init()
    }
}
