public import Foundation

/// A code of a medical terminology: the coding system (usually an HL7 terminology URL, such as RxNorm's
/// `http://www.nlm.nih.gov/research/umls/rxnorm`), its version if any, and the code.
///
/// Two codings are equal when their system, version and code are.
public final class HKClinicalCoding: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The coding system.
    public let system: String
    /// The coding system's version, when it matters.
    public let version: String?
    /// The code within the system.
    public let code: String

    /// A coding of `code` in `system` (at `version`).
    public init(system: String, version: String?, code: String) {
        self.system = system
        self.version = version
        self.code = code
        super.init()
    }

    /// Codings are immutable: a copy is the coding itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Codings are equal when their system, version and code are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKClinicalCoding else { return false }
        return other.system == system && other.version == version && other.code == code
    }

    /// The fields' hash.
    public override var hash: Int { system.hashValue ^ code.hashValue ^ (version?.hashValue ?? 0) }

    /// The system, version and code, for debugging.
    public override var description: String { "<HKClinicalCoding \(system)|\(version ?? "")|\(code)>" }

    // MARK: NSSecureCoding

    /// Codings are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the system, version and code.
    public func encode(with coder: NSCoder) {
        coder.encode(system as NSString, forKey: "system")
        coder.encode(version.map { $0 as NSString }, forKey: "version")
        coder.encode(code as NSString, forKey: "code")
    }

    /// Unarchives a coding; nil without a system or a code.
    public init?(coder: NSCoder) {
        guard let system = coder.decodeObject(of: NSString.self, forKey: "system"),
            let code = coder.decodeObject(of: NSString.self, forKey: "code")
        else { return nil }
        self.system = system as String
        version = coder.decodeObject(of: NSString.self, forKey: "version") as String?
        self.code = code as String
        super.init()
    }
}
