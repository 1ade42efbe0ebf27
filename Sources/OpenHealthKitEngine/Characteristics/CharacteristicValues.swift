import Foundation
package import OpenHealthKitModel

extension CharacteristicCoding {
    /// Checks a characteristic value in its stored form before the user's tools store it: an enumeration's raw
    /// value in decimal (`"2"`), the date of birth as `yyyy-MM-dd`. Returns the form to store.
    package static func storedValue(_ text: String, for type: HKCharacteristicTypeIdentifier) throws -> String {
        if type == .dateOfBirth { return try storedDateOfBirth(text) }
        guard let rawValue = Int(text) else {
            throw HKError.invalidArgument(
                "\(text) is not a raw value of \(type.rawValue): use the enumeration's integer value")
        }
        let valid: Bool
        switch type {
        case .biologicalSex: valid = HKBiologicalSex(rawValue: rawValue) != nil
        case .bloodType: valid = HKBloodType(rawValue: rawValue) != nil
        case .fitzpatrickSkinType: valid = HKFitzpatrickSkinType(rawValue: rawValue) != nil
        case .wheelchairUse: valid = HKWheelchairUse(rawValue: rawValue) != nil
        case .activityMoveMode: valid = HKActivityMoveMode(rawValue: rawValue) != nil
        default: throw HKError.invalidArgument("\(type.rawValue) is not a characteristic the user can set")
        }
        guard valid else { throw HKError.invalidArgument("\(rawValue) is not a raw value of \(type.rawValue)") }
        return String(rawValue)
    }
}
