import Foundation

/// A FHIR release: the family of versions a resource's ``HKFHIRVersion`` belongs to.
public struct HKFHIRRelease: RawRepresentable, Hashable, Sendable {
    /// The release's name: `"DSTU2"`, `"R4"` or `"unknown"`.
    public let rawValue: String
    /// The release with this raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The release with this raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// DSTU2 (versions 1.0.x): http://hl7.org/fhir/DSTU2/
    public static let dstu2 = Self(rawValue: "DSTU2")
    /// R4 (versions 4.0.x): http://hl7.org/fhir/R4/
    public static let r4 = Self(rawValue: "R4")
    /// Any other version.
    public static let unknown = Self(rawValue: "unknown")
}
