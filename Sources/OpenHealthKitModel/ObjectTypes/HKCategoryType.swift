public import Foundation

/// A type of category samples: a value from the type's enumeration (e.g. ``HKCategoryValueSleepAnalysis``).
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
    package let descriptor: CategoryTypeDescriptor

    package init(descriptor: CategoryTypeDescriptor) {
        self.descriptor = descriptor
        super.init(identifier: descriptor.identifier.rawValue, isShareable: descriptor.isShareable)
    }

    /// The type for an identifier of the catalog. An identifier the catalog does not know raises, as in HealthKit.
    public convenience init(_ identifier: HKCategoryTypeIdentifier) {
        guard let descriptor = HealthKitCatalog.categoryTypesByIdentifier[identifier.rawValue] else {
            raiseInvalidArgumentException("Unknown category type identifier \(identifier.rawValue)")
        }
        self.init(descriptor: descriptor)
    }

    static func catalogType(_ identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        HealthKitCatalog.categoryTypesByIdentifier[identifier.rawValue].map(HKCategoryType.init(descriptor:))
    }

    /// The short name, e.g. `"sleepAnalysis"`.
    package var name: String { descriptor.name }

    /// Whether the type has no defined value: its samples hold `HKCategoryValue.notApplicable` (0), as Apple documents
    /// for high and low heart rate events, mindful sessions, sexual activity and the other types of `HKCategoryValue`.
    /// Apple Health's exports write such records without a `value` attribute.
    package var hasNoDefinedValue: Bool { descriptor.valueEnum == "HKCategoryValue" }

    /// Whether `value` belongs to this type's enumeration.
    package func allows(value: Int) -> Bool {
        descriptor.values.contains { $0.value == value }
    }

    /// The enumeration case name of `value` (the current name, not a deprecated alias).
    package func valueName(for value: Int) -> String? {
        descriptor.values.first { $0.value == value }?.name
    }

    /// The value for a case name (`"asleepCore"`), or for Apple's export label (`"HKCategoryValueSleepAnalysisAsleepCore"`).
    package func value(named label: String) -> Int? {
        let prefix = descriptor.valueEnum
        let name: Substring
        if label.hasPrefix(prefix), label.count > prefix.count {
            let rest = label.dropFirst(prefix.count)
            name = Substring(rest.prefix(1).lowercased() + rest.dropFirst())
        } else {
            name = Substring(label)
        }
        return descriptor.values.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Unarchives a category type; nil unless the archived identifier is a category type's.
    public required convenience init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let descriptor = HealthKitCatalog.categoryTypesByIdentifier[identifier]
        else { return nil }
        self.init(descriptor: descriptor)
    }
}
