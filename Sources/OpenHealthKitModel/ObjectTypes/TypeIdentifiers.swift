import Foundation

/// The identifier of a quantity type. The catalog's identifiers are generated into static members
/// (`HKQuantityTypeIdentifier.heartRate`) from `Reference/quantity-types.csv`.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The raw identifier, e.g. `HKQuantityTypeIdentifierHeartRate`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The identifier of a category type. The catalog's identifiers are generated into static members
/// (`HKCategoryTypeIdentifier.sleepAnalysis`) from `Reference/category-types.csv`.
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The raw identifier, e.g. `HKCategoryTypeIdentifierSleepAnalysis`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// The identifier of a characteristic type.
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The raw identifier, e.g. `HKCharacteristicTypeIdentifierBloodType`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The user's biological sex (``HKBiologicalSex``).
    public static let biologicalSex = Self(rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    /// The user's blood type (``HKBloodType``).
    public static let bloodType = Self(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    /// The user's date of birth, as date components.
    public static let dateOfBirth = Self(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    /// The user's Fitzpatrick skin type (``HKFitzpatrickSkinType``).
    public static let fitzpatrickSkinType = Self(rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    /// Whether the user uses a wheelchair (``HKWheelchairUse``).
    public static let wheelchairUse = Self(rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
    /// What the user's move ring measures (``HKActivityMoveMode``).
    public static let activityMoveMode = Self(rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")

    /// The six characteristic types.
    public static let allCases: [Self] = [
        .biologicalSex, .bloodType, .dateOfBirth, .fitzpatrickSkinType, .wheelchairUse, .activityMoveMode,
    ]
}

/// The identifier of a correlation type.
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable, CaseIterable {
    /// The raw identifier, e.g. `HKCorrelationTypeIdentifierBloodPressure`.
    public let rawValue: String
    /// The identifier with this raw value, known to HealthKit or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier with this raw value, known to HealthKit or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Blood pressure: one systolic and one diastolic sample.
    public static let bloodPressure = Self(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    /// Food: dietary samples eaten together.
    public static let food = Self(rawValue: "HKCorrelationTypeIdentifierFood")

    /// The two correlation types.
    public static let allCases: [Self] = [.bloodPressure, .food]
}
