import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// One of the user's characteristics as `hk me` names, reads and prints it.
///
/// Enumerations are written by case name (`female`, `aPositive`, `IV`, `appleMoveTime`) and stored as their raw
/// value; the date of birth is `yyyy-MM-dd`.
struct Characteristic: Sendable {
    /// The short name `hk types` gives the type: `biologicalSex`.
    let name: String
    let identifier: HKCharacteristicTypeIdentifier
    /// The enumeration's cases, raw value by case name, in order; nil for the date of birth.
    let cases: [(name: String, rawValue: Int)]?
    /// What an app reads while nothing is stored: `notSet`, or `activeEnergy` for the move mode; nil for the date.
    let unsetName: String?

    /// Every characteristic, in the order `hk me` prints them.
    static let all: [Characteristic] = [
        Characteristic(name: "dateOfBirth", identifier: .dateOfBirth, cases: nil, unsetName: nil),
        enumeration("biologicalSex", .biologicalSex, HKBiologicalSex.self, unset: .notSet),
        enumeration("bloodType", .bloodType, HKBloodType.self, unset: .notSet),
        enumeration("fitzpatrickSkinType", .fitzpatrickSkinType, HKFitzpatrickSkinType.self, unset: .notSet),
        enumeration("wheelchairUse", .wheelchairUse, HKWheelchairUse.self, unset: .notSet),
        enumeration("activityMoveMode", .activityMoveMode, HKActivityMoveMode.self, unset: .activeEnergy),
    ]

    private static func enumeration<Value: CaseIterable & RawRepresentable>(
        _ name: String, _ identifier: HKCharacteristicTypeIdentifier, _: Value.Type, unset: Value
    ) -> Characteristic where Value.RawValue == Int {
        Characteristic(
            name: name, identifier: identifier, cases: Value.allCases.map { (String(describing: $0), $0.rawValue) },
            unsetName: String(describing: unset))
    }

    /// The characteristic named by its short name (case-insensitive) or raw identifier.
    static func named(_ text: String) throws -> Characteristic {
        let identifier = HKObjectType.type(named: text)?.identifier
        guard let characteristic = all.first(where: { $0.identifier.rawValue == identifier }) else {
            throw HKError.invalidArgument(
                "unknown characteristic '\(text)': use one of " + all.map(\.name).joined(separator: ", "))
        }
        return characteristic
    }

    /// The stored form of `text`, or nil to clear the characteristic (an empty value, or `notSet`).
    func storedValue(_ text: String) throws -> String? {
        if text.isEmpty { return nil }
        guard let cases else { return try CharacteristicCoding.storedDateOfBirth(text) }
        guard let match = cases.first(where: { $0.name.caseInsensitiveCompare(text) == .orderedSame }) else {
            throw HKError.invalidArgument(
                "invalid \(name) '\(text)': use one of " + cases.map(\.name).joined(separator: ", "))
        }
        return match.name == "notSet" ? nil : String(match.rawValue)
    }

    /// The value to print for the stored form: a case name or the date; unset: what apps read, if anything.
    func printedValue(_ stored: String?) -> String? {
        guard let stored else { return unsetName }
        guard let cases else { return stored }
        return cases.first { String($0.rawValue) == stored }?.name ?? stored
    }
}
