import OpenHealthKitModel

/// The `Me` element's attribute values: Apple's constant names (`HKBiologicalSexFemale`, `HKBloodTypeONegative`,
/// `HKFitzpatrickSkinTypeIII`) and the date of birth as `yyyy-MM-dd`.
enum CharacteristicLabels {
    /// The label of a stored characteristic (see `CharacteristicCoding`); nil for a value this catalog lacks.
    /// An unset enumeration is its `NotSet` case, as Apple writes it; an unset date of birth is empty.
    static func label(_ type: HKCharacteristicTypeIdentifier, stored: String?) -> String? {
        guard type != .dateOfBirth else { return stored ?? "" }
        guard let name = caseName(type, stored: stored) else { return nil }
        return "HK" + type.rawValue.dropFirst("HKCharacteristicTypeIdentifier".count) + name.prefix(1).uppercased()
            + name.dropFirst()
    }

    /// The Swift case name of a stored enumeration characteristic (`female`, `oNegative`, `III`); `notSet` when
    /// unset, nil for a value (or a characteristic) this catalog lacks.
    static func caseName(_ type: HKCharacteristicTypeIdentifier, stored: String?) -> String? {
        switch type {
        case .biologicalSex: caseName(HKBiologicalSex.self, stored)
        case .bloodType: caseName(HKBloodType.self, stored)
        case .fitzpatrickSkinType: caseName(HKFitzpatrickSkinType.self, stored)
        case .wheelchairUse: caseName(HKWheelchairUse.self, stored)
        case .activityMoveMode: caseName(HKActivityMoveMode.self, stored)
        default: nil
        }
    }

    /// The characteristics Apple's `Me` element always lists, set or not.
    static let alwaysListed: Set<HKCharacteristicTypeIdentifier> = [
        .dateOfBirth, .biologicalSex, .bloodType, .fitzpatrickSkinType,
    ]

    private static func caseName<Value: RawRepresentable>(_: Value.Type, _ stored: String?) -> String?
    where Value.RawValue == Int {
        (stored.flatMap(Int.init).flatMap(Value.init(rawValue:)) ?? Value(rawValue: 0)).map { String(describing: $0) }
    }
}
