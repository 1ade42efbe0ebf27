/// One line of a CSV file (RFC 4180): fields separated by commas, a field in double quotes (inner quotes doubled)
/// when it holds a comma, a quote or a line break, and CRLF at the end.
enum CSVLine {
    static func line(_ fields: [String?]) -> String {
        fields.map { field($0 ?? "") }.joined(separator: ",") + "\r\n"
    }

    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
