import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// The metric names healthd knows: each a type of the catalog, and docs/INGEST.md's table exactly the code's.
@Suite struct AutoExportMetricTableTests {
    static let documented: [String: String] = {
        let docs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/INGEST.md")
        let text = (try? String(contentsOf: docs, encoding: .utf8)) ?? ""
        // The table of section 4, "The metrics".
        let section = text.components(separatedBy: "## 4. The metrics").last?.components(separatedBy: "\n## ").first
        var rows: [String: String] = [:]
        for line in (section ?? "").split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[0].trimmingCharacters(in: ["`"])] = cells[1].trimmingCharacters(in: ["`"])
        }
        return rows
    }()

    @Test func everyNameBecomesATypeOfTheCatalog() {
        let names = Set(AutoExportMetricNames.quantityTypes.keys).union(AutoExportMetric.special.keys)
        #expect(names.count == 116)
        for name in names {
            #expect(AutoExportMetric.named(name) != nil, "\(name)")
        }
        for (old, new) in AutoExportMetricNames.aliases {
            #expect(
                AutoExportMetric.named(old)?.typeIdentifier == AutoExportMetric.named(new)?.typeIdentifier, "\(old)")
        }
    }

    @Test func theDocsTableListsEveryNameWithItsType() {
        var known: [String: String] = [:]
        for name in Set(AutoExportMetricNames.quantityTypes.keys).union(AutoExportMetric.special.keys) {
            known[name] = AutoExportMetric.named(name)?.typeIdentifier
        }
        #expect(Self.documented == known)
    }
}
