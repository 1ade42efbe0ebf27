import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or query: every value of each name, in order.
package struct FormData: Sendable {
    private var fields: [String: [String]] = [:]

    package init(_ encoded: String) {
        for pair in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
    }

    /// The first value of a field, trimmed; nil when absent or blank.
    package subscript(_ name: String) -> String? {
        guard let value = fields[name]?.first?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// Every value of a field (checkboxes that share a name).
    package func all(_ name: String) -> [String] {
        fields[name] ?? []
    }

    /// Each field's one value; nil when a name is given twice (OAuth's requests allow each parameter once).
    package var singleValues: [String: String]? {
        guard fields.values.allSatisfy({ $0.count == 1 }) else { return nil }
        return fields.compactMapValues(\.first)
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
