import Foundation

/// The identifier of a quantity type. The catalog's identifiers are generated into static members
/// (`HKQuantityTypeIdentifier.heartRate`) from `Reference/quantity-types.csv`.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The identifier of a category type. The catalog's identifiers are generated into static members
/// (`HKCategoryTypeIdentifier.sleepAnalysis`) from `Reference/category-types.csv`.
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The identifier of a characteristic type.
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable, CaseIterable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let biologicalSex = Self(rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    public static let bloodType = Self(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    public static let dateOfBirth = Self(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    public static let fitzpatrickSkinType = Self(rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    public static let wheelchairUse = Self(rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
    public static let activityMoveMode = Self(rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")

    public static let allCases: [Self] = [.biologicalSex, .bloodType, .dateOfBirth, .fitzpatrickSkinType, .wheelchairUse, .activityMoveMode]
}

/// The identifier of a correlation type.
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable, CaseIterable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Blood pressure: one systolic and one diastolic sample.
    public static let bloodPressure = Self(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    /// Food: dietary samples eaten together.
    public static let food = Self(rawValue: "HKCorrelationTypeIdentifierFood")

    public static let allCases: [Self] = [.bloodPressure, .food]
}
