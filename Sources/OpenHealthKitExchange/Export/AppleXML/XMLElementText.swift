/// An element of the export document, as Apple writes them: one per line, indented by one space per level,
/// attributes in double quotes.
struct XMLElementText {
    private(set) var text: String
    private let name: String
    private let indent: Int

    init(_ name: String, indent: Int) {
        self.name = name
        self.indent = indent
        text = String(repeating: " ", count: indent) + "<" + name
    }

    /// Adds `name="value"`, escaped; nothing when `value` is nil.
    mutating func attribute(_ name: String, _ value: String?) {
        guard let value else { return }
        attribute(name, escaped: Self.escaped(value))
    }

    /// Adds `name="value"` for a value escaped already (see ``escaped(_:)``); nothing when it is nil.
    mutating func attribute(_ name: String, escaped value: String?) {
        guard let value else { return }
        // Appended piece by piece: a concatenation would build three temporary strings per attribute.
        text.append(" ")
        text.append(name)
        text.append("=\"")
        text.append(value)
        text.append("\"")
    }

    /// The element without children: `<Name .../>`.
    var empty: String { text + "/>\n" }

    /// The start tag of an element with children: `<Name ...>`.
    var start: String { text + ">\n" }

    /// The end tag matching ``start``.
    var end: String { String(repeating: " ", count: indent) + "</" + name + ">\n" }

    /// An attribute value with XML's special characters as references. Line breaks and tabs become character
    /// references (a parser turns literal ones into spaces); other control characters, which XML 1.0 cannot carry at
    /// all, become spaces, as the importer reads them.
    static func escaped(_ value: String) -> String {
        // One pass over the bytes; 0xEF leads U+F000–U+FFFF, which holds the two noncharacters U+FFFE and U+FFFF.
        guard
            value.utf8.contains(where: {
                $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                    || $0 == UInt8(ascii: "\"") || $0 == 0xEF
            })
        else { return value }
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            case _ where scalar.value < 0x20 || scalar == "\u{FFFE}" || scalar == "\u{FFFF}": escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
