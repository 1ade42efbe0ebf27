import Foundation

/// The type of states of mind (``HKStateOfMind``): momentary emotions and daily moods.
public final class HKStateOfMindType: HKSampleType, @unchecked Sendable {
    static let shared = HKStateOfMindType(identifier: HKDataTypeIdentifierStateOfMind, isShareable: true)
}

/// The identifier of ``HKStateOfMindType``. Its value is `"HKDataTypeStateOfMind"`, not the constant's name, as in
/// HealthKit.
public let HKDataTypeIdentifierStateOfMind = "HKDataTypeStateOfMind"
