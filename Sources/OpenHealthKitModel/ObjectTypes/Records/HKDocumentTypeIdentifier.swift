import Foundation

/// The identifier of a document type.
public struct HKDocumentTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The raw identifier, e.g. `HKDocumentTypeIdentifierCDA`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Clinical Document Architecture documents (``HKCDADocumentSample``).
    public static let CDA = Self(rawValue: "HKDocumentTypeIdentifierCDA")
}
