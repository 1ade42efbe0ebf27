import Foundation

/// The domain a health concept belongs to, such as medications.
public struct HKHealthConceptDomain: RawRepresentable, Hashable, Sendable {
    /// The domain's raw value, e.g. `HKHealthConceptDomainMedication`.
    public let rawValue: String
    /// The domain with this raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The domain with this raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Medication concepts (ibuprofen, insulin...).
    public static let medication = Self(rawValue: "HKHealthConceptDomainMedication")
}
