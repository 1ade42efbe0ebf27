import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// One sample as `hk samples` prints it. Its JSON object always has all nine keys, `null` where there is nothing.
struct SampleRecord: OutputRecord {
    /// A quantity sample's number, or a category sample's value by its case name (its number when it has none).
    enum Value: Encodable {
        case number(Double)
        case name(String)

        var text: String {
            switch self {
            case .number(let number): number.formattedForOutput
            case .name(let name): name
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number.roundedForOutput)
            case .name(let name): try container.encode(name)
            }
        }
    }

    let uuid: String
    /// The type's short name.
    let type: String
    let start: String
    let end: String
    let value: Value
    /// Quantity samples: the unit `value` is in; nil for category samples.
    let unit: String?
    /// The source's name.
    let source: String
    /// The device's properties that have a value, under HealthKit's names (healthd's JSON for a device).
    let device: WireDevice?
    let metadata: [String: MetadataRecordValue]?

    static let columns = ["uuid", "type", "start", "end", "value", "unit", "source", "device", "metadata"]

    private enum CodingKeys: String, CodingKey {
        case uuid, type, start, end, value, unit, source, device, metadata
    }

    /// The record of `sample`, a quantity in `unit` (else its type's canonical unit), dates in `timeZone`.
    init(_ sample: HKSample, unit: HKUnit?, timeZone: TimeZone) throws {
        uuid = sample.uuid.uuidString
        start = sample.startDate.formattedForOutput(in: timeZone)
        end = sample.endDate.formattedForOutput(in: timeZone)
        source = sample.sourceRevision.source.name
        device = sample.device.map(WireDevice.init)
        metadata = sample.metadata.flatMap { $0.isEmpty ? nil : MetadataRecordValue.record(of: $0, timeZone: timeZone) }
        switch sample {
        case let sample as HKQuantitySample:
            let unit = unit ?? sample.quantityType.canonicalUnit
            type = sample.quantityType.name
            value = .number(try sample.quantity.convertedValue(to: unit))
            self.unit = unit.unitString
        case let sample as HKCategorySample:
            type = sample.categoryType.name
            value = sample.categoryType.valueName(for: sample.value).map(Value.name) ?? .number(Double(sample.value))
            self.unit = nil
        default:
            throw HKError.invalidArgument(
                "hk samples prints quantity and category samples, not \(sample.sampleType.identifier)")
        }
    }

    var cells: [String] {
        [
            uuid, type, start, end, value.text, unit ?? "", source,
            device.flatMap { try? JSONRenderer.compact($0) } ?? "",
            metadata.flatMap { try? JSONRenderer.compact($0) } ?? "",
        ]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(type, forKey: .type)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(source, forKey: .source)
        try container.encode(device, forKey: .device)
        try container.encode(metadata, forKey: .metadata)
    }
}
