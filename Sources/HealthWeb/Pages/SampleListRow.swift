import Foundation
import OpenHealthKitModel

/// One sample in a type's list: when, what, who wrote it, with what device, and its metadata.
struct SampleListRow: Sendable {
    struct Item: Sendable {
        let key: String
        let value: String
    }

    let uuid: String
    let when: String
    let value: String
    let source: String
    let device: String?
    let metadata: [Item]
    let hasMetadata: Bool
    let deleteAction: String

    init(_ sample: HKSample, typePath: String, unit: DisplayUnit?, dates: PageDateText) {
        uuid = sample.uuid.uuidString
        when = dates.span(sample.startDate, sample.endDate)
        value = Self.value(of: sample, unit: unit)
        source = sample.sourceRevision.source.name
        device = sample.device.flatMap(Self.describe)
        metadata = (sample.metadata ?? [:]).sorted { $0.key < $1.key }.map { key, value in
            Item(key: key, value: MetadataValueNames.name(of: value, forKey: key) ?? Self.describe(value, dates: dates))
        }
        hasMetadata = !metadata.isEmpty
        deleteAction = typePath + "/samples/" + sample.uuid.uuidString + "/delete"
    }

    /// The value as the list and the summary show it, a quantity in `unit` (nil: the unit it was given in).
    static func value(of sample: HKSample, unit: DisplayUnit?) -> String {
        switch sample {
        case let quantity as HKQuantitySample:
            let unit = unit ?? DisplayUnit(quantity.quantity.unit)
            return unit.format(
                quantity.quantity.doubleValue(for: quantity.quantityType.canonicalUnit), of: quantity.quantityType)
        case let category as HKCategorySample:
            return category.categoryType.valueName(for: category.value).map(PageTypeNames.words)
                ?? String(category.value)
        case let workout as HKWorkout:
            let minutes = PageNumberText.format((workout.duration / 60).rounded())
            return PageTypeNames.words(String(describing: workout.workoutActivityType)) + ", " + minutes + " min"
        default:
            return ""
        }
    }

    private static func describe(_ device: HKDevice) -> String? {
        let parts = [device.name, device.manufacturer, device.model].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    private static func describe(_ value: Any, dates: PageDateText) -> String {
        switch value {
        case let date as Date: return dates.preciseDateTime(date)
        case let quantity as HKQuantity: return quantity.description
        case let bool as Bool: return bool ? "yes" : "no"
        default: return String(describing: value)
        }
    }
}
