import Foundation
import OpenHealthKitModel

/// One sample in a type's list: when, what, who wrote it, with what device, and its metadata, all as people read
/// them.
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
    /// Where Delete posts; nil on shared data, which is read only.
    let deleteAction: String?

    init(_ sample: HKSample, typeName: String, unit: DisplayUnit?, dates: PageDateText, deletable: Bool) {
        uuid = sample.uuid.uuidString
        when = dates.span(sample.startDate, sample.endDate)
        value = Self.value(of: sample, unit: unit)
        let source = sample.sourceRevision.source.name
        self.source = source
        device = sample.device.flatMap { Self.describe($0, besides: source) }
        metadata = Self.items(of: sample.metadata, dates: dates)
        hasMetadata = !metadata.isEmpty
        deleteAction = deletable ? WebRoutes.typeSampleDelete.path(typeName, sample.uuid.uuidString) : nil
    }

    /// Metadata as people read it, by name.
    static func items(of metadata: [String: Any]?, dates: PageDateText) -> [Item] {
        (metadata ?? [:]).filter { !MetadataKeyNames.hidden.contains($0.key) }.map { key, value in
            Item(key: MetadataKeyNames.name(of: key), value: MetadataKeyNames.value(value, forKey: key, dates: dates))
        }.sorted { $0.key < $1.key }
    }

    /// The value as the list and the summary show it, a quantity in `unit` (nil: the unit it was given in).
    static func value(of sample: HKSample, unit: DisplayUnit?) -> String {
        switch sample {
        case let quantity as HKQuantitySample:
            let type = quantity.quantityType
            let shown = unit.flatMap { $0.unit.isCompatible(with: type.canonicalUnit) ? $0 : nil }
            return (shown ?? DisplayUnit(quantity.quantity.unit, type: type)).format(
                quantity.quantity.doubleValue(for: type.canonicalUnit), of: type)
        case let category as HKCategorySample:
            if category.categoryType.identifier == HKCategoryTypeIdentifier.sleepAnalysis.rawValue,
                let stage = SleepNight.Stage(rawValue: category.value)
            {
                return stage.name + ", " + SleepNight.duration(category.endDate.timeIntervalSince(category.startDate))
            }
            if category.categoryType.hasNoDefinedValue { return eventValue(category) }
            return category.categoryType.valueName(for: category.value).map(PageTypeNames.words)
                ?? String(category.value)
        case let correlation as HKCorrelation:
            return correlationValue(correlation, unit: unit)
        case let workout as HKWorkout:
            let minutes = PageNumberText.format((workout.duration / 60).rounded())
            return PageTypeNames.words(String(describing: workout.workoutActivityType)) + ", " + minutes + " min"
        default:
            return ""
        }
    }

    /// A sample of a type without a value: how long a session lasted (mindful minutes, handwashing), how far a heart
    /// rate went (`Above 120 BPM for 10 min`), or that it was recorded.
    private static func eventValue(_ sample: HKCategorySample) -> String {
        let seconds = sample.endDate.timeIntervalSince(sample.startDate)
        let lasted = seconds >= 60 ? ChartData.minutes(seconds / 60) : "\(WholeNumber.rounded(seconds)) s"
        switch sample.categoryType.shortName {
        case "highHeartRateEvent", "lowHeartRateEvent":
            guard let threshold = sample.metadata?[HKMetadataKeyHeartRateEventThreshold] else { return "Recorded" }
            let limit = MetadataKeyNames.value(
                threshold, forKey: HKMetadataKeyHeartRateEventThreshold, dates: PageDateText())
            let side = sample.categoryType.shortName == "highHeartRateEvent" ? "Above" : "Below"
            return "\(side) \(limit) for \(lasted)"
        case "mindfulSession", "handwashingEvent", "toothbrushingEvent":
            return seconds > 0 ? lasted : "Recorded"
        default:
            return "Recorded"
        }
    }

    /// Blood pressure as `120/80 mmHg`; food as its name and energy.
    private static func correlationValue(_ correlation: HKCorrelation, unit: DisplayUnit?) -> String {
        func first(_ identifier: HKQuantityTypeIdentifier) -> HKQuantitySample? {
            correlation.objects(for: HKQuantityType(identifier)).first as? HKQuantitySample
        }
        if let systolic = first(.bloodPressureSystolic), let diastolic = first(.bloodPressureDiastolic) {
            let shown = unit ?? DisplayUnit(.millimeterOfMercury())
            let canonical = systolic.quantityType.canonicalUnit
            return shown.withSymbol(
                shown.number(systolic.quantity.doubleValue(for: canonical), of: systolic.quantityType) + "/"
                    + shown.number(diastolic.quantity.doubleValue(for: canonical), of: diastolic.quantityType))
        }
        let name = correlation.metadata?[HKMetadataKeyFoodType] as? String
        let parts = correlation.objects.compactMap { $0 as? HKQuantitySample }
            .sorted {
                PageTypeNames.displayName($0.quantityType.identifier)
                    < PageTypeNames.displayName($1.quantityType.identifier)
            }
            .map { PageTypeNames.displayName($0.quantityType.identifier) + " " + value(of: $0, unit: nil) }
        return ([name].compactMap { $0 } + parts).joined(separator: " · ")
    }

    /// The device beside its source, as Health's list names it: its name, with its model when the name does not
    /// say it (`Apple Watch` for an Apple Watch of model "Watch"); nothing when the source already says it all
    /// ("Ann's Apple Watch").
    static func describe(_ device: HKDevice, besides source: String) -> String? {
        var parts: [String] = []
        for part in [device.name, device.model].compactMap({ $0 }) where !part.isEmpty {
            if !parts.contains(where: { $0.localizedCaseInsensitiveContains(part) }) { parts.append(part) }
        }
        let line = parts.joined(separator: " · ")
        return line.isEmpty || source.localizedCaseInsensitiveContains(line) ? nil : line
    }
}
