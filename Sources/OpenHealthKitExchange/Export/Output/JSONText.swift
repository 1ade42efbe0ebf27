import OpenHealthKitEngine

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
        text += JSONStringLiteral.quoted(key) + ":" + json
    }

    mutating func string(_ key: String, _ value: String?) {
        raw(key, value.map(JSONStringLiteral.quoted))
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
}
