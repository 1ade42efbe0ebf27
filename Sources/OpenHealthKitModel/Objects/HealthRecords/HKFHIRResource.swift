public import Foundation

/// A FHIR resource as a health institution sent it: its type, identifier, JSON data, source URL and FHIR version.
public final class HKFHIRResource: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The FHIR version of the resource's data.
    public let fhirVersion: HKFHIRVersion
    /// The resource type, the `resourceType` field of its JSON.
    public let resourceType: HKFHIRResourceType
    /// The resource's identifier, the `id` field of its JSON; unique within its type and source.
    public let identifier: String
    /// The resource's JSON, exactly as received.
    public let data: Data
    /// The full address the resource came from, when known.
    public let sourceURL: URL?

    package init(
        fhirVersion: HKFHIRVersion, resourceType: HKFHIRResourceType, identifier: String, data: Data, sourceURL: URL?
    ) {
        self.fhirVersion = fhirVersion
        self.resourceType = resourceType
        self.identifier = identifier
        self.data = data
        self.sourceURL = sourceURL
        super.init()
    }

    /// Resources are equal when their type, identifier, data, source and version are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKFHIRResource else { return false }
        return other.resourceType == resourceType && other.identifier == identifier && other.data == data
            && other.sourceURL == sourceURL && other.fhirVersion == fhirVersion
    }

    /// The type's and identifier's hash.
    public override var hash: Int { resourceType.rawValue.hashValue ^ identifier.hashValue }

    /// The type and identifier, for debugging.
    public override var description: String { "<HKFHIRResource \(resourceType.rawValue)/\(identifier)>" }

    // MARK: NSSecureCoding

    /// Resources are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every field.
    public func encode(with coder: NSCoder) {
        coder.encode(fhirVersion, forKey: "fhirVersion")
        coder.encode(resourceType.rawValue as NSString, forKey: "resourceType")
        coder.encode(identifier as NSString, forKey: "identifier")
        coder.encode(data as NSData, forKey: "data")
        coder.encode(sourceURL.map { $0.absoluteString as NSString }, forKey: "sourceURL")
    }

    /// Unarchives a resource; nil when a required field is missing.
    public init?(coder: NSCoder) {
        guard let version = coder.decodeObject(of: HKFHIRVersion.self, forKey: "fhirVersion"),
            let type = coder.decodeObject(of: NSString.self, forKey: "resourceType"),
            let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier"),
            let data = coder.decodeObject(of: NSData.self, forKey: "data")
        else { return nil }
        fhirVersion = version
        resourceType = HKFHIRResourceType(rawValue: type as String)
        self.identifier = identifier as String
        self.data = data as Data
        sourceURL = (coder.decodeObject(of: NSString.self, forKey: "sourceURL") as String?).flatMap(URL.init(string:))
        super.init()
    }
}
