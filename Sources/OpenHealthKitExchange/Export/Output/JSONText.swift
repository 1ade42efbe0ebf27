import OpenHealthKitEngine

/// A JSON object written member by member (an export writes millions: no intermediate dictionaries). Everything is
/// appended to one string in place: keys, values and nested objects are never copied into temporary strings first.
struct JSONObject {
    /// The members so far, after the opening brace; ``json`` adds the closing one.
    private var text = "{"
    private var isEmpty = true

    init() {}

    /// A member whose value is already JSON text; nothing when nil.
    mutating func raw(_ key: String, _ json: String?) {
        guard let json else { return }
        startMember(key)
        text += json
    }

    mutating func string(_ key: String, _ value: String?) {
        guard let value else { return }
        startMember(key)
        JSONStringLiteral.append(value, to: &text)
    }

    /// A number as a plain decimal (see ``NumberText/readable(_:)``).
    mutating func number(_ key: String, _ value: Double?) {
        raw(key, value.map(NumberText.readable))
    }

    mutating func object(_ key: String, _ value: JSONObject?) {
        guard let value else { return }
        startMember(key)
        value.append(to: &text)
    }

    mutating func array(_ key: String, _ items: [JSONObject]) {
        guard !items.isEmpty else { return }
        startMember(key)
        text += "["
        for (index, item) in items.enumerated() {
            if index > 0 { text += "," }
            item.append(to: &text)
        }
        text += "]"
    }

    var json: String { text + "}" }

    /// Appends the object's JSON to `json`.
    func append(to json: inout String) {
        json += text
        json += "}"
    }

    /// The separator and `"key":`.
    private mutating func startMember(_ key: String) {
        if !isEmpty { text += "," }
        isEmpty = false
        JSONStringLiteral.append(key, to: &text)
        text += ":"
    }
}
