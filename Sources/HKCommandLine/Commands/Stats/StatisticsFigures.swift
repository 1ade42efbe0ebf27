import OpenHealthKit
import OpenHealthKitEngine

/// The statistics of one interval, or of one source in it, in the unit `hk stats` prints: the type's fields (see
/// ``StatisticsField``), each nil when there is no data, then the unit. JSON always has every key, `null` for no data.
struct StatisticsFigures: Encodable {
    let fields: [StatisticsField]
    /// One per field, in `unit`.
    let values: [Double?]
    let unit: HKUnit

    /// `statistics` (in `canonicalUnit`; nil for an interval without data) converted to `unit`.
    init(_ statistics: StatisticsValues?, fields: [StatisticsField], canonicalUnit: HKUnit, unit: HKUnit) throws {
        self.fields = fields
        self.unit = unit
        values = try fields.map { field in
            try statistics.flatMap(field.value).map {
                try HKQuantity(unit: canonicalUnit, doubleValue: $0).convertedValue(to: unit)
            }
        }
    }

    /// The fields' values as text (blank for no data), then the unit.
    var cells: [String] { values.map { $0?.formattedForOutput ?? "" } + [unit.unitString] }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RecordKey.self)
        try encode(into: &container)
    }

    /// Adds the fields and the unit to an object being encoded.
    func encode(into container: inout KeyedEncodingContainer<RecordKey>) throws {
        for (field, value) in zip(fields, values) {
            try container.encode(value?.roundedForOutput, forKey: RecordKey(field.rawValue))
        }
        try container.encode(unit.unitString, forKey: RecordKey("unit"))
    }
}

/// A JSON key chosen at run time: a statistic's name, a source's name.
struct RecordKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
