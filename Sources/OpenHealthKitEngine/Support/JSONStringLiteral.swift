/// Writes a string as a JSON string literal, for the hand-written JSON of the store (metadata) and of the exports,
/// which are written a record at a time and cannot afford an encoder per value.
package enum JSONStringLiteral {
    /// Appends `string` to `json` as a quoted, escaped JSON string.
    package static func append(_ string: String, to json: inout String) {
        json += "\""
        if string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\n": json += "\\n"
                case "\r": json += "\\r"
                case "\t": json += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: json.unicodeScalars.append(scalar)
                }
            }
        } else {
            json += string
        }
        json += "\""
    }

    /// `string` as a quoted, escaped JSON string.
    package static func quoted(_ string: String) -> String {
        var json = ""
        json.reserveCapacity(string.utf8.count + 2)
        append(string, to: &json)
        return json
    }
}
