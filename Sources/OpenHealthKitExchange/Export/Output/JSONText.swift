/// A JSON object written member by member (an export writes millions: no intermediate dictionaries).
struct JSONObject {
    private var text = "{"
    private var isEmpty = true

    init() {}

    /// A member whose value is already JSON text; nothing when nil.
    mutating func raw(_ key: String, _ json: String?) {
        guard let json else { return }
        if !isEmpty { text += "," }
        isEmpty = false
        text += JSONObject.quoted(key) + ":" + json
    }

    mutating func string(_ key: String, _ value: String?) {
        raw(key, value.map(JSONObject.quoted))
    }

    /// A number as a plain decimal (see ``NumberText/readable(_:)``).
    mutating func number(_ key: String, _ value: Double?) {
        raw(key, value.map(NumberText.readable))
    }

    mutating func object(_ key: String, _ value: JSONObject?) {
        raw(key, value?.json)
    }

    mutating func array(_ key: String, _ items: [JSONObject]) {
        guard !items.isEmpty else { return }
        raw(key, "[" + items.map(\.json).joined(separator: ",") + "]")
    }

    var json: String { text + "}" }

    /// A JSON string literal.
    static func quoted(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return "\"" + string + "\""
        }
        var quoted = "\""
        quoted.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
