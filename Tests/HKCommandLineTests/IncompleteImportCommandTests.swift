import Foundation
import Testing

/// `hk import` of an export cut short: what it holds is imported, and the summary and exit status say it is not all.
@Suite struct IncompleteImportCommandTests {
    private static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 10:00:00 +0000" endDate="2020-01-01 10:00:00 +0000" value="7"/>"#

    @Test func aDocumentCutShortExits3AndSaysSo() async throws {
        let store = try TemporaryStore()
        let document = store.folder.appendingPathComponent("export.xml")
        try Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n \(Self.record)\n <Record type=\"HKQuantityTypeIdentifierStep"
                .utf8
        )
        .write(to: document)
        let result = try await store.run(["import", document.path, "--quiet"])
        #expect(result.status == 3)
        #expect(result.stdout.contains(": 1 added, 0 already stored"), "\(result.stdout)")
        #expect(result.stdout.contains("\nIncomplete: the document ends at line"), "\(result.stdout)")
        #expect(result.stderrLines.count == 1)
        #expect(
            result.stderr.hasPrefix("hk: \(document.path) is incomplete: the document ends at line"), "\(result.stderr)"
        )
    }

    @Test func aWholeDocumentExits0() async throws {
        let store = try TemporaryStore()
        let document = store.folder.appendingPathComponent("export.xml")
        try Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n \(Self.record)\n</HealthData>\n"
                .utf8
        ).write(to: document)
        let output = try await store.succeed(["import", document.path, "--quiet"])
        #expect(!output.contains("Incomplete"))
    }
}
