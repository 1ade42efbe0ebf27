package import Foundation

/// A wire type with a hand-written JSON codec for the hot paths (saves, sample queries and their answers), beside its
/// Codable conformance, which stays the reference and serves every other path.
package protocol WireFastCodable: Codable {
    /// Writes the value exactly as `JSONEncoder` (``WireJSON/encoder``) writes it.
    func write(to writer: inout WireJSONWriter) throws

    /// Reads a value when the reader can vouch for the input; throws ``WireJSONReader/Unsupported`` otherwise,
    /// leaving the input to the Codable decoder.
    init(reading reader: inout WireJSONReader) throws(WireJSONReader.Unsupported)
}

/// Encoding and decoding wire values: through the fast codec where a type has one (``WireFastCodable``), else
/// through Foundation's `JSONEncoder` and `JSONDecoder`. Either way the bytes written and the values read (and the
/// errors thrown for bad input) are the Codable types'.
package enum WireJSON {
    /// The encoder of healthd's answers: sorted keys, slashes unescaped.
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Whether this process uses the fast codec: `OPENHEALTHKIT_WIRE_CODEC=codable` in its environment turns it off,
    /// so that `ohk-bench load` can measure healthd and its apps on the Codable types beside it
    /// (docs/PERFORMANCE.md, "Load").
    package static let fastCodecEnabled = ProcessInfo.processInfo.environment["OPENHEALTHKIT_WIRE_CODEC"] != "codable"

    /// `value` as JSON, as ``encoder`` writes it.
    package static func encode(_ value: some Encodable) throws -> Data {
        guard fastCodecEnabled, let fast = value as? any WireFastCodable else { return try encoder.encode(value) }
        var writer = WireJSONWriter()
        try fast.write(to: &writer)
        return writer.data
    }

    /// The value of type `T` in `data`, as `JSONDecoder` reads it (duplicate keys are not checked: see
    /// ``WireRequestBody`` for request bodies).
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let fast = fastDecode(type, from: data) { return fast }
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// The value of type `T` in `data` if `T` has a fast codec and the reader vouches for the input; nil otherwise.
    package static func fastDecode<T>(_ type: T.Type, from data: Data) -> T? {
        guard fastCodecEnabled, let fastType = type as? any WireFastCodable.Type else { return nil }
        return data.withUnsafeBytes { raw -> T? in
            var reader = WireJSONReader(raw.bindMemory(to: UInt8.self))
            guard let value = try? fastType.init(reading: &reader), (try? reader.end()) != nil else { return nil }
            return value as? T
        }
    }
}
