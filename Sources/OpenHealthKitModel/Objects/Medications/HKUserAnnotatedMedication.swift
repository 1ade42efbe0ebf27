public import Foundation

/// A medication a person tracks, with what they set for it: a nickname, whether it is archived, whether it has a
/// schedule. Read with `HKUserAnnotatedMedicationQuery`; recorded by the owner (Health, `hk medications`).
public final class HKUserAnnotatedMedication: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The nickname the person gave the medication, if any.
    public let nickname: String?
    /// Whether the person moved the medication to the archived ones.
    public let isArchived: Bool
    /// Whether the person set up a schedule (reminders) for it; false for medications taken as needed.
    public let hasSchedule: Bool
    /// The medication; dose events refer to its identifier.
    public let medication: HKMedicationConcept

    package init(nickname: String?, isArchived: Bool, hasSchedule: Bool, medication: HKMedicationConcept) {
        self.nickname = nickname
        self.isArchived = isArchived
        self.hasSchedule = hasSchedule
        self.medication = medication
        super.init()
    }

    /// Medications are immutable: a copy is the medication itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Medications are equal when all their fields are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKUserAnnotatedMedication else { return false }
        return other.nickname == nickname && other.isArchived == isArchived && other.hasSchedule == hasSchedule
            && other.medication == medication
    }

    /// The medication's hash.
    public override var hash: Int { medication.hash }

    /// The medication and its nickname, for debugging.
    public override var description: String {
        "<HKUserAnnotatedMedication \(medication.displayText)\(nickname.map { " \"\($0)\"" } ?? "")>"
    }

    // MARK: NSSecureCoding

    /// Medications are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives every field.
    public func encode(with coder: NSCoder) {
        coder.encode(nickname.map { $0 as NSString }, forKey: "nickname")
        coder.encode(isArchived, forKey: "isArchived")
        coder.encode(hasSchedule, forKey: "hasSchedule")
        coder.encode(medication, forKey: "medication")
    }

    /// Unarchives a medication; nil without its concept.
    public init?(coder: NSCoder) {
        guard let medication = coder.decodeObject(of: HKMedicationConcept.self, forKey: "medication") else {
            return nil
        }
        nickname = coder.decodeObject(of: NSString.self, forKey: "nickname") as String?
        isArchived = coder.decodeBool(forKey: "isArchived")
        hasSchedule = coder.decodeBool(forKey: "hasSchedule")
        self.medication = medication
        super.init()
    }
}

/// The key path of a medication's archived flag, for predicates.
public let HKUserAnnotatedMedicationPredicateKeyPathIsArchived = "isArchived"
/// The key path of whether a medication has a schedule, for predicates.
public let HKUserAnnotatedMedicationPredicateKeyPathHasSchedule = "hasSchedule"
