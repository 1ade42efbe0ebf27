/// One line of a CSV file: fields separated by commas, a field in double quotes (inner quotes doubled) when it holds
/// a comma, a quote or a line break (RFC 4180's escaping), and LF at the end, as `hk`'s own CSV output and Unix tools
/// have it.
enum CSVLine {
    static func line(_ fields: [String?]) -> String {
        fields.map { field($0 ?? "") }.joined(separator: ",") + "\n"
    }

    static func field(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            })
        else {
            return text
        }
        // Quotes doubled byte by byte (a quote is ASCII: never inside a multibyte character); Foundation's
        // `replacingOccurrences` was a quarter of a CSV export, which quotes every device and metadata field.
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        quoted.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            quoted.append(byte)
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
        }
        quoted.append(UInt8(ascii: "\""))
        return String(decoding: quoted, as: UTF8.self)
    }
}
