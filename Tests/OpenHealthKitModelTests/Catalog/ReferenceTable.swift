import Foundation

/// A table of `Reference/` (the CSVs the catalog is generated from), read at test time.
struct ReferenceTable {
    /// The repository root, found from this file's path (Tests/OpenHealthKitModelTests/Catalog/).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let quantityTypes = ReferenceTable(named: "quantity-types.csv")
    static let categoryTypes = ReferenceTable(named: "category-types.csv")
    static let metadataKeys = ReferenceTable(named: "metadata-keys.csv")

    /// Each row by column name.
    let rows: [[String: String]]

    init(named name: String) {
        let url = Self.repositoryRoot.appendingPathComponent("Reference").appendingPathComponent(name)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
        let records = Self.parse(text)
        let header = records[0]
        rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    /// RFC 4180 records: comma-separated fields, double-quoted where they hold commas or quotes ("" is a quote).
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var inQuotes = false
        let characters = Array(text)
        var index = 0
        func endField() {
            record.append(field)
            field = ""
        }
        func endRecord() {
            endField()
            records.append(record)
            record = []
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if inQuotes {
                if character != "\"" {
                    field.append(character)
                } else if index < characters.count, characters[index] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    inQuotes = false
                }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "," {
                endField()
            } else if character == "\n" || character == "\r\n" {
                endRecord()
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        return records
    }
}

extension String {
    /// The value without the table's " (unconfirmed)" mark.
    var confirmedValue: String {
        hasSuffix(" (unconfirmed)") ? String(dropLast(" (unconfirmed)".count)) : self
    }
}
