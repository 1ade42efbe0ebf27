import Foundation

/// The form a medication is made in (tablet, capsule, cream...).
public struct HKMedicationGeneralForm: RawRepresentable, Hashable, Sendable {
    /// The form's raw value, the lowercase name (`"tablet"`), as HealthKit's.
    public let rawValue: String
    /// The form with this raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The form with this raw value.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The medication comes in capsule form, such as a hard-shell capsule or softgel.
    public static let capsule = Self(rawValue: "capsule")
    /// It is applied as a cream.
    public static let cream = Self(rawValue: "cream")
    /// It is given through a device, such as an infusion pump.
    public static let device = Self(rawValue: "device")
    /// It is taken as drops, such as eye or ear drops.
    public static let drops = Self(rawValue: "drops")
    /// It is applied as a foam.
    public static let foam = Self(rawValue: "foam")
    /// It is applied as a gel.
    public static let gel = Self(rawValue: "gel")
    /// It is taken through an inhaler.
    public static let inhaler = Self(rawValue: "inhaler")
    /// It is given as an injection.
    public static let injection = Self(rawValue: "injection")
    /// It is taken as a liquid, such as a syrup.
    public static let liquid = Self(rawValue: "liquid")
    /// It is applied as a lotion.
    public static let lotion = Self(rawValue: "lotion")
    /// It is applied as an ointment.
    public static let ointment = Self(rawValue: "ointment")
    /// It is worn on the skin as a patch.
    public static let patch = Self(rawValue: "patch")
    /// It is taken as a powder.
    public static let powder = Self(rawValue: "powder")
    /// It is given as a spray, such as a nasal spray.
    public static let spray = Self(rawValue: "spray")
    /// It is given as a suppository.
    public static let suppository = Self(rawValue: "suppository")
    /// It comes in tablet form, such as a pill or caplet.
    public static let tablet = Self(rawValue: "tablet")
    /// It is applied to the skin in an unspecified form.
    public static let topical = Self(rawValue: "topical")
    /// Its form is not known.
    public static let unknown = Self(rawValue: "unknown")

    /// Every form HealthKit defines.
    package static let allCases: [Self] = [
        .capsule, .cream, .device, .drops, .foam, .gel, .inhaler, .injection, .liquid,
        .lotion, .ointment, .patch, .powder, .spray, .suppository, .tablet, .topical, .unknown,
    ]
}
