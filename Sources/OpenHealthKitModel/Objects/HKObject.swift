public import Foundation

/// The abstract superclass of everything the store saves: an immutable object with a UUID, metadata, the device
/// that produced it and the source revision that saved it.
///
/// Two objects are equal when their UUIDs are equal.
open class HKObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The object's unique identifier, assigned when it is created.
    public let uuid: UUID
    /// Extra information: values are `String`, `NSNumber` (or a Swift number or `Bool`), `Date` or ``HKQuantity``.
    public let metadata: [String: Any]?
    /// The device that generated the data, if known.
    public let device: HKDevice?
    /// The source revision that saved the object.
    ///
    /// The store stamps it while saving, before the save completes; until then it is a placeholder revision of
    /// ``HKSource/default()`` with no version.
    public package(set) var sourceRevision: HKSourceRevision

    /// The app or device that saved the object: HealthKit's first property for it, now the source of
    /// ``sourceRevision``.
    @available(*, deprecated, message: "Use sourceRevision")
    public var source: HKSource { sourceRevision.source }

    package init(uuid: UUID, metadata: [String: Any]?, device: HKDevice?, sourceRevision: HKSourceRevision) {
        self.uuid = uuid
        self.metadata = metadata
        self.device = device
        self.sourceRevision = sourceRevision
        super.init()
    }

    /// Checks everything HealthKit checks before accepting the object; the store calls it again on save.
    package func validate() throws(HKError) {
        try MetadataValidation.validate(metadata)
    }

    /// Apple's non-throwing initializers end here: an invalid object raises, as HealthKit's do.
    package func validateOrRaise() {
        Result { () throws(HKError) in try validate() }.getOrRaise()
    }

    /// The value shown first in ``description`` (e.g. the quantity), if the kind of object has one.
    package var valueDescription: String? { nil }

    /// Objects are equal when their UUIDs are.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? HKObject)?.uuid == uuid
    }

    /// The UUID's hash.
    open override var hash: Int { uuid.hashValue }

    /// The value (if any), UUID and source revision, for debugging.
    open override var description: String {
        let revision = "\"\(sourceRevision.source.name)\" (\(sourceRevision.version ?? ""))"
        return [valueDescription, uuid.uuidString, revision].compactMap { $0 }.joined(separator: " ")
    }

    // MARK: NSSecureCoding

    /// Objects are archived securely.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the UUID, metadata, device and source revision; each subclass adds its own fields.
    open func encode(with coder: NSCoder) {
        coder.encodeUUID(uuid, forKey: "uuid")
        coder.encodeMetadata(metadata, forKey: "metadata")
        coder.encode(device, forKey: "device")
        coder.encode(sourceRevision, forKey: "sourceRevision")
    }

    /// Unarchives an object; nil without a UUID or a source revision, or with metadata that is not metadata.
    public required init?(coder: NSCoder) {
        guard let uuid = coder.decodeUUID(forKey: "uuid"),
            let sourceRevision = coder.decodeIfPresent(HKSourceRevision.self, forKey: "sourceRevision"),
            case .success(let metadata) = coder.decodeMetadata(forKey: "metadata")
        else { return nil }
        self.uuid = uuid
        self.metadata = metadata
        device = coder.decodeIfPresent(HKDevice.self, forKey: "device")
        self.sourceRevision = sourceRevision
        super.init()
    }
}
