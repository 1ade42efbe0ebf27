import Foundation
import OpenHealthKitModel

/// `sleep_analysis` records, in the three shapes the app sends:
/// - a stage (`startDate`, `endDate`, `value`: Awake, Asleep, In Bed, Core, REM, Deep, Unspecified): one sample;
/// - a night's totals (`totalSleep`, `core`, `deep`, `rem`, `asleep`, `awake`, `inBed`, with `sleepStart`,
///   `sleepEnd`, `inBedStart`, `inBedEnd`): the time in bed as one sample, and the stages laid end to end from
///   `sleepStart`, each as long as its total (the totals do not say when each stage was), so that each night's stage
///   totals read as the app counted them;
/// - the older totals (`asleep`, `sleepStart`, `sleepEnd`, `inBed`, `inBedStart`, `inBedEnd`): in bed and asleep.
///
/// Durations are in hours (the metric's `units`, `hr`, or `min`).
struct AutoExportSleep {
    let records: AutoExportRecords
    /// Seconds per unit of the metric's durations.
    let secondsPerUnit: Double

    private static let type = HKCategoryType(.sleepAnalysis)

    private static let stageValues: [String: HKCategoryValueSleepAnalysis] = [
        "Awake": .awake, "Asleep": .asleepUnspecified, "Unspecified": .asleepUnspecified, "In Bed": .inBed,
        "Core": .asleepCore, "REM": .asleepREM, "Deep": .asleepDeep,
    ]

    func samples(_ record: JSONValue, source: SampleSource) throws(AutoExportRecords.Refusal) -> [HKSample] {
        if record["startDate"] != nil {
            let (start, end) = try AutoExportRecords.interval(record)
            guard let label = record["value"]?.string, let value = Self.stageValues[label] else {
                throw AutoExportRecords.Refusal(
                    "value must be one of Awake, Asleep, In Bed, Core, REM, Deep, Unspecified")
            }
            return [records.categorySample(Self.type, value.rawValue, start, end, source)]
        }
        var samples: [HKSample] = []
        if let inBed = record["inBed"]?.number, inBed > 0 {
            let start = try AutoExportRecords.date(record, "inBedStart")
            let end = try AutoExportRecords.date(record, "inBedEnd")
            guard end >= start else { throw AutoExportRecords.Refusal("inBedEnd is before inBedStart") }
            samples.append(
                records.categorySample(Self.type, HKCategoryValueSleepAnalysis.inBed.rawValue, start, end, source))
        }
        let stages: [(String, HKCategoryValueSleepAnalysis)] = [
            ("core", .asleepCore), ("deep", .asleepDeep), ("rem", .asleepREM), ("asleep", .asleepUnspecified),
            ("awake", .awake),
        ]
        let amounts = stages.compactMap { key, value in record[key]?.number.flatMap { $0 > 0 ? (value, $0) : nil } }
        guard !amounts.isEmpty else {
            guard !samples.isEmpty else { throw AutoExportRecords.Refusal("a night with no time asleep or in bed") }
            return samples
        }
        var cursor = try AutoExportRecords.date(record, "sleepStart")
        for (value, amount) in amounts {
            guard amount <= 24 * 3600 / secondsPerUnit else {
                throw AutoExportRecords.Refusal("a stage longer than a day")
            }
            let end = cursor + amount * secondsPerUnit
            samples.append(records.categorySample(Self.type, value.rawValue, cursor, end, source))
            cursor = end
        }
        return samples
    }
}
