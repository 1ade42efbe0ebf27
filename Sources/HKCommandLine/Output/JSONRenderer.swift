import Foundation

/// JSON with sorted keys, so the same data always prints the same text.
enum JSONRenderer {
    /// Pretty-printed, ending with a newline: what `--format json` prints.
    static func render(_ value: some Encodable) throws -> String {
        try encode(value, formatting: [.prettyPrinted]) + "\n"
    }

    /// On one line, for a field of a table or CSV row (a sample's device or metadata).
    static func compact(_ value: some Encodable) throws -> String {
        try encode(value, formatting: [])
    }

    private static func encode(_ value: some Encodable, formatting: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting.union([.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
