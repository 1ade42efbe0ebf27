import Foundation

/// The JSON the engine keeps its records in the settings as (ingest keys, webhooks): keys sorted, dates as seconds
/// since 1970; a value this version cannot read decodes as nil, never a trap.
enum SettingsJSON {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        // Strings, numbers, dates and data always encode.
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(type, from: Data(text.utf8))
    }
}
