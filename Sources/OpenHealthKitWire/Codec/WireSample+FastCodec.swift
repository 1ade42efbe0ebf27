import Foundation
import OpenHealthKitModel

// The fast codec of the common sample: identity, dates, device, metadata, source revision, and a quantity or category
// value. A sample of any other kind (correlations, workouts, series...) is written through `JSONEncoder` and read by
// `JSONDecoder`, as before.

extension WireSample: WireFastCodable {
    /// Whether the sample has only the fields the fast codec writes.
    private var isCommon: Bool {
        objects == nil && workoutActivityType == nil && duration == nil && workoutEvents == nil
            && totalEnergyBurned == nil && totalDistance == nil && totalSwimmingStrokeCount == nil
            && totalFlightsClimbed == nil && workoutActivities == nil && statistics == nil && associatedSamples == nil
            && series == nil && seriesQuantities == nil && count == nil && heartbeats == nil && electrocardiogram == nil
            && sensitivityPoints == nil && clinicalRecord == nil && cdaDocument == nil && stateOfMind == nil
            && answers == nil && medicationDoseEvent == nil && visionPrescription == nil
    }

    package func write(to writer: inout WireJSONWriter) throws {
        guard isCommon else { return try writer.encoded(self) }
        writer.beginObject()
        if let device {
            writer.key("device")
            device.write(to: &writer)
        }
        writer.key("endDate")
        try endDate.write(to: &writer)
        if let metadata {
            writer.key("metadata")
            try WireMetadata.write(metadata, to: &writer)
        }
        if let quantity {
            writer.key("quantity")
            try quantity.write(to: &writer)
        }
        if let sourceRevision {
            writer.key("sourceRevision")
            sourceRevision.write(to: &writer)
        }
        if let sourceRevisionIndex {
            writer.key("sourceRevisionIndex")
            writer.integer(sourceRevisionIndex)
        }
        writer.key("startDate")
        try startDate.write(to: &writer)
        writer.key("type")
        writer.string(type)
        writer.key("uuid")
        writer.string(uuid.uuidString)
        if let value {
            writer.key("value")
            writer.integer(value)
        }
        writer.endObject()
    }

    package init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var uuid: UUID?
        var type: String?
        var startDate: WireDate?
        var endDate: WireDate?
        var device: WireDevice?
        var metadata: [String: WireMetadataValue]?
        var sourceRevision: WireSourceRevision?
        var quantity: WireQuantity?
        var value: Int?
        var sourceRevisionIndex: Int?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            switch key {
            case "uuid":
                guard let parsed = UUID(uuidString: try reader.string()) else { throw .init() }
                uuid = parsed
            case "type": type = try reader.string()
            case "startDate": startDate = try WireDate(reading: &reader)
            case "endDate": endDate = try WireDate(reading: &reader)
            case "device": device = try reader.null() ? nil : try WireDevice(reading: &reader)
            case "metadata": metadata = try reader.null() ? nil : try WireMetadata.read(&reader)
            case "sourceRevision": sourceRevision = try reader.null() ? nil : try WireSourceRevision(reading: &reader)
            case "quantity": quantity = try reader.null() ? nil : try WireQuantity(reading: &reader)
            case "value": value = try reader.null() ? nil : try reader.integer()
            case "sourceRevisionIndex": sourceRevisionIndex = try reader.null() ? nil : try reader.integer()
            default: throw .init()
            }
        }
        guard let uuid, let type, let startDate, let endDate else { throw .init() }
        self.init(uuid: uuid, type: type, startDate: startDate.date, endDate: endDate.date)
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
        self.quantity = quantity
        self.value = value
        self.sourceRevisionIndex = sourceRevisionIndex
    }
}

extension WireDate {
    func write(to writer: inout WireJSONWriter) throws {
        try writer.number(date.timeIntervalSince1970)
    }

    /// Reads seconds since 1970; an ISO 8601 string is left to the Codable decoder.
    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        self.init(Date(timeIntervalSince1970: try reader.double()))
    }
}

extension WireQuantity {
    func write(to writer: inout WireJSONWriter) throws {
        writer.beginObject()
        writer.key("unit")
        writer.string(unit)
        writer.key("value")
        try writer.number(value)
        writer.endObject()
    }

    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var unit: String?
        var value: Double?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            switch key {
            case "unit": unit = try reader.string()
            case "value": value = try reader.double()
            default: throw .init()
            }
        }
        guard let unit, let value else { throw .init() }
        self.init(value: value, unit: unit)
    }
}

extension WireDevice {
    func write(to writer: inout WireJSONWriter) {
        writer.beginObject()
        let fields: [(StaticString, String?)] = [
            ("firmwareVersion", firmwareVersion), ("hardwareVersion", hardwareVersion),
            ("localIdentifier", localIdentifier), ("manufacturer", manufacturer), ("model", model), ("name", name),
            ("softwareVersion", softwareVersion), ("udiDeviceIdentifier", udiDeviceIdentifier),
        ]
        for case (let key, let value?) in fields {
            writer.key(key)
            writer.string(value)
        }
        writer.endObject()
    }

    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var device = WireDevice(
            HKDevice(
                name: nil, manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil,
                softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil))
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            let value = try reader.null() ? nil : try reader.string()
            switch key {
            case "name": device.name = value
            case "manufacturer": device.manufacturer = value
            case "model": device.model = value
            case "hardwareVersion": device.hardwareVersion = value
            case "firmwareVersion": device.firmwareVersion = value
            case "softwareVersion": device.softwareVersion = value
            case "localIdentifier": device.localIdentifier = value
            case "udiDeviceIdentifier": device.udiDeviceIdentifier = value
            default: throw .init()
            }
        }
        self = device
    }
}

extension WireSourceRevision {
    func write(to writer: inout WireJSONWriter) {
        writer.beginObject()
        writer.key("operatingSystemVersion")
        writer.string(operatingSystemVersion)
        if let productType {
            writer.key("productType")
            writer.string(productType)
        }
        writer.key("source")
        writer.beginObject()
        writer.key("bundleIdentifier")
        writer.string(source.bundleIdentifier)
        writer.key("name")
        writer.string(source.name)
        writer.endObject()
        if let version {
            writer.key("version")
            writer.string(version)
        }
        writer.endObject()
    }

    /// A revision from its parts.
    package init(source: WireSource, version: String?, productType: String?, operatingSystemVersion: String) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var operatingSystemVersion: String?
        var productType: String?
        var source: WireSource?
        var version: String?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            switch key {
            case "operatingSystemVersion": operatingSystemVersion = try reader.string()
            case "productType": productType = try reader.null() ? nil : try reader.string()
            case "version": version = try reader.null() ? nil : try reader.string()
            case "source":
                var name: String?
                var bundleIdentifier: String?
                try reader.object { reader, key throws(WireJSONReader.Unsupported) in
                    switch key {
                    case "name": name = try reader.string()
                    case "bundleIdentifier": bundleIdentifier = try reader.string()
                    default: throw .init()
                    }
                }
                guard let name, let bundleIdentifier else { throw .init() }
                source = WireSource(name: name, bundleIdentifier: bundleIdentifier)
            default: throw .init()
            }
        }
        guard let operatingSystemVersion, let source else { throw .init() }
        self.init(
            source: source, version: version, productType: productType, operatingSystemVersion: operatingSystemVersion)
    }
}

extension WireMetadata {
    static func write(_ metadata: [String: WireMetadataValue], to writer: inout WireJSONWriter) throws {
        writer.beginObject()
        for key in metadata.keys.sorted() {
            writer.key(key)
            try metadata[key]!.write(to: &writer)
        }
        writer.endObject()
    }

    static func read(_ reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) -> [String: WireMetadataValue] {
        var metadata: [String: WireMetadataValue] = [:]
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            metadata[key] = try WireMetadataValue(reading: &reader)
        }
        return metadata
    }
}

extension WireMetadataValue {
    func write(to writer: inout WireJSONWriter) throws {
        writer.beginObject()
        switch self {
        case .bool(let value):
            writer.key("bool")
            writer.bool(value)
        case .date(let value):
            writer.key("date")
            try value.write(to: &writer)
        case .number(let value):
            writer.key("number")
            try writer.number(value)
        case .quantity(let value):
            writer.key("quantity")
            try value.write(to: &writer)
        case .string(let value):
            writer.key("string")
            writer.string(value)
        }
        writer.endObject()
    }

    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported) {
        var value: WireMetadataValue?
        try reader.object { reader, key throws(WireJSONReader.Unsupported) in
            guard value == nil else { throw .init() }
            switch key {
            case "string": value = .string(try reader.string())
            case "number": value = .number(try reader.double())
            case "bool": value = .bool(try reader.bool())
            case "date": value = .date(try WireDate(reading: &reader))
            case "quantity": value = .quantity(try WireQuantity(reading: &reader))
            default: throw .init()
            }
        }
        guard let value else { throw .init() }
        self = value
    }
}
