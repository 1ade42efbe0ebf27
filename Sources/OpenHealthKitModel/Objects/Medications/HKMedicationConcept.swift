public import Foundation

/// A medication as a concept, such as ibuprofen 200 mg tablets: its identifier, the name shown for it, its form and
/// the codes other terminologies (RxNorm...) give it.
public final class HKMedicationConcept: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The concept's stable identifier; dose events refer to it.
    public let identifier: HKHealthConceptIdentifier
    /// The medication's name as entered or chosen.
    public let displayText: String
    /// The form the medication is made in.
    public let generalForm: HKMedicationGeneralForm
    /// The codes of the medication in other terminologies.
    public let relatedCodings: Set<HKClinicalCoding>

    package init(
        identifier: HKHealthConceptIdentifier, displayText: String, generalForm: HKMedicationGeneralForm,
        relatedCodings: Set<HKClinicalCoding>
    ) {
        self.identifier = identifier
        self.displayText = displayText
        self.generalForm = generalForm
        self.relatedCodings = relatedCodings
        super.init()
    }

    /// Concepts are immutable: a copy is the concept itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Concepts are equal when all their fields are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKMedicationConcept else { return false }
        return other.identifier == identifier && other.displayText == displayText
            && other.generalForm == generalForm && other.relatedCodings == relatedCodings
    }

    /// The identifier's hash.
    public override var hash: Int { identifier.hash }

    /// The name, for debugging.
    public override var description: String { "<HKMedicationConcept \(displayText) (\(generalForm.rawValue))>" }

    // MARK: NSSecureCoding

    /// Concepts are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every field.
    public func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(displayText as NSString, forKey: "displayText")
        coder.encode(generalForm.rawValue as NSString, forKey: "generalForm")
        coder.encode(Array(relatedCodings) as NSArray, forKey: "relatedCodings")
    }

    /// Unarchives a concept; nil when a field is missing.
    public init?(coder: NSCoder) {
        guard let identifier = coder.decodeObject(of: HKHealthConceptIdentifier.self, forKey: "identifier"),
            let displayText = coder.decodeObject(of: NSString.self, forKey: "displayText"),
            let form = coder.decodeObject(of: NSString.self, forKey: "generalForm"),
            let codings = coder.decodeObject(of: [NSArray.self, HKClinicalCoding.self], forKey: "relatedCodings")
                as? [HKClinicalCoding]
        else { return nil }
        self.identifier = identifier
        self.displayText = displayText as String
        generalForm = HKMedicationGeneralForm(rawValue: form as String)
        relatedCodings = Set(codings)
        super.init()
    }
}
