public import Foundation
import OpenHealthKitEngine

/// Characteristics are set by the user (`hk me`, the Health app) and read by apps allowed to read them. Without a
/// decision the getters throw `errorAuthorizationNotDetermined`; after a denial they return "not set".
extension HKHealthStore {
    /// The user's date of birth as year, month and day components; empty when not set or not readable (after a denial).
    public func dateOfBirthComponents() throws -> DateComponents {
        guard let stored = try characteristic(.dateOfBirth) else { return DateComponents() }
        return try CharacteristicCoding.dateOfBirth(from: stored)
    }

    /// The user's date of birth as a date: HealthKit's first form of ``dateOfBirthComponents()``, the start of that
    /// day in the Gregorian calendar and the current time zone, as HealthKit computes it. Where HealthKit's method
    /// returns nil (no date of birth set, or a denial), this one throws `errorNoData`.
    @available(*, deprecated, message: "Use dateOfBirthComponents")
    public func dateOfBirth() throws -> Date {
        let components = try dateOfBirthComponents()
        guard components.year != nil, let date = Calendar(identifier: .gregorian).date(from: components) else {
            throw HKError(.errorNoData, "No date of birth is set")
        }
        return date
    }

    /// The user's biological sex; `notSet` when not set or after a denial.
    public func biologicalSex() throws -> HKBiologicalSexObject {
        HKBiologicalSexObject(biologicalSex: try enumValue(.biologicalSex) ?? .notSet)
    }

    /// The user's blood type; `notSet` when not set or after a denial.
    public func bloodType() throws -> HKBloodTypeObject {
        HKBloodTypeObject(bloodType: try enumValue(.bloodType) ?? .notSet)
    }

    /// The user's Fitzpatrick skin type; `notSet` when not set or after a denial.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        HKFitzpatrickSkinTypeObject(skinType: try enumValue(.fitzpatrickSkinType) ?? .notSet)
    }

    /// Whether the user uses a wheelchair; `notSet` when not set or after a denial.
    public func wheelchairUse() throws -> HKWheelchairUseObject {
        HKWheelchairUseObject(wheelchairUse: try enumValue(.wheelchairUse) ?? .notSet)
    }

    /// What the user's move ring measures; `activeEnergy` when not set or after a denial.
    public func activityMoveMode() throws -> HKActivityMoveModeObject {
        HKActivityMoveModeObject(activityMoveMode: try enumValue(.activityMoveMode) ?? .activeEnergy)
    }

    private func characteristic(_ type: HKCharacteristicTypeIdentifier) throws -> String? {
        do {
            return try backend.characteristic(type)
        } catch {
            throw HKError(wrapping: error)
        }
    }

    private func enumValue<T: RawRepresentable>(_ type: HKCharacteristicTypeIdentifier) throws -> T?
    where T.RawValue == Int {
        try characteristic(type).flatMap(Int.init).flatMap(T.init(rawValue:))
    }
}
