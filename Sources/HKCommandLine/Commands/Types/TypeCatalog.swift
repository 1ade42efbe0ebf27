import OpenHealthKit

/// Every type `hk` knows, read from the catalog's descriptors (no unit is parsed), by kind then name.
///
/// Both `audioExposureEvent` (deprecated) and `environmentalAudioExposureEvent` are listed: they are two names of
/// one type and share the raw identifier `HKCategoryTypeIdentifierAudioExposureEvent`.
enum TypeCatalog {
    static let entries: [TypeCatalogEntry] = quantityEntries + categoryEntries + otherEntries

    private static let quantityEntries = HealthKitCatalog.quantityTypes.sorted { $0.name < $1.name }.map { descriptor in
        TypeCatalogEntry(
            name: descriptor.name, identifier: descriptor.identifier.rawValue, kind: .quantity,
            unit: descriptor.canonicalUnit, aggregationStyle: String(describing: descriptor.aggregationStyle),
            writable: descriptor.isShareable
        )
    }

    private static let categoryEntries = HealthKitCatalog.categoryTypes.sorted { $0.name < $1.name }.map { descriptor in
        TypeCatalogEntry(
            name: descriptor.name, identifier: descriptor.identifier.rawValue, kind: .category,
            writable: descriptor.isShareable,
            values: descriptor.values.map { TypeCatalogEntry.Value(name: $0.name, value: $0.value) }
        )
    }

    private static var otherEntries: [TypeCatalogEntry] {
        let characteristics = HKCharacteristicTypeIdentifier.allCases.map {
            entry(HKCharacteristicType($0), kind: .characteristic)
        }
        let correlations = HKCorrelationTypeIdentifier.allCases.map { entry(HKCorrelationType($0), kind: .correlation) }
        return characteristics.sorted { $0.name < $1.name } + correlations.sorted { $0.name < $1.name } + [
            entry(HKObjectType.workoutType(), kind: .workout),
            entry(HKSeriesType.heartbeat(), kind: .series),
            entry(HKSeriesType.workoutRoute(), kind: .series),
            entry(HKObjectType.electrocardiogramType(), kind: .electrocardiogram),
            entry(HKObjectType.audiogramSampleType(), kind: .audiogram),
            entry(HKObjectType.activitySummaryType(), kind: .activitySummary),
        ]
    }

    private static func entry(_ type: HKObjectType, kind: TypeKind) -> TypeCatalogEntry {
        TypeCatalogEntry(
            name: type.shortName, identifier: type.identifier, kind: kind,
            writable: (type as? HKSampleType)?.isShareable ?? false)
    }
}
