/// Aligned columns for people: a header row, then one row per record, columns two spaces apart, no trailing spaces.
enum TableRenderer {
    static func render(columns: [String], rows: [[String]]) -> String {
        let lines = [columns] + rows
        let widths = columns.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { cells in
            var line = cells.indices.map { cells[$0].padded(to: widths[$0]) }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
