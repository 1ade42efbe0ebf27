import Foundation

/// CSV with a header row, quoted per RFC 4180; lines end with LF, as Unix tools expect.
enum CSVRenderer {
    static func render(columns: [String], rows: [[String]]) -> String {
        ([columns] + rows).map { $0.map(field).joined(separator: ",") + "\n" }.joined()
    }

    /// A field in double quotes, inner quotes doubled, when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
