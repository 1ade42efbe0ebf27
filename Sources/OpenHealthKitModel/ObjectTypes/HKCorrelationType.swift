import Foundation

/// A type of correlations: samples grouped as one reading (blood pressure, food).
public final class HKCorrelationType: HKSampleType, @unchecked Sendable {
    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKCorrelationTypeIdentifier) {
        guard HKCorrelationTypeIdentifier.allCases.contains(identifier) else {
            raiseInvalidArgumentException("Unknown correlation type identifier \(identifier.rawValue)")
        }
        // HealthKit disallows share requests for correlation types: apps share their member types.
        self.init(identifier: identifier.rawValue, isShareable: false)
    }

    static func catalogType(_ identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        HKCorrelationTypeIdentifier.allCases.contains(identifier) ? HKCorrelationType(identifier) : nil
    }

    /// The quantity types a correlation of this type may hold.
    package var allowedMemberTypes: Set<HKQuantityTypeIdentifier> {
        switch HKCorrelationTypeIdentifier(rawValue: identifier) {
        case .bloodPressure: return [.bloodPressureSystolic, .bloodPressureDiastolic]
        case .food: return Set(HealthKitCatalog.quantityTypes.filter { $0.name.hasPrefix("dietary") }.map(\.identifier))
        default: return []
        }
    }
}
