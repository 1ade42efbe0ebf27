public import Foundation

/// The stable identifier of one health concept within a domain, e.g. one medication.
///
/// HealthKit gives it no public string form; compare identifiers with `==`. Here each holds the code the owner's
/// store gave the concept (``code``), which the store and healthd's wire use.
public final class HKHealthConceptIdentifier: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The domain the concept belongs to.
    public let domain: HKHealthConceptDomain
    /// The concept's code within its domain.
    package let code: String

    package init(domain: HKHealthConceptDomain, code: String) {
        self.domain = domain
        self.code = code
        super.init()
    }

    /// Identifiers are immutable: a copy is the identifier itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Identifiers are equal when their domain and code are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKHealthConceptIdentifier else { return false }
        return other.domain == domain && other.code == code
    }

    /// The code's hash.
    public override var hash: Int { code.hashValue }

    /// The domain and code, for debugging.
    public override var description: String { "<HKHealthConceptIdentifier \(domain.rawValue) \(code)>" }

    // MARK: NSSecureCoding

    /// Identifiers are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the domain and code.
    public func encode(with coder: NSCoder) {
        coder.encode(domain.rawValue as NSString, forKey: "domain")
        coder.encode(code as NSString, forKey: "code")
    }

    /// Unarchives an identifier; nil without a domain or a code.
    public init?(coder: NSCoder) {
        guard let domain = coder.decodeObject(of: NSString.self, forKey: "domain"),
            let code = coder.decodeObject(of: NSString.self, forKey: "code")
        else { return nil }
        self.domain = HKHealthConceptDomain(rawValue: domain as String)
        self.code = code as String
        super.init()
    }
}
