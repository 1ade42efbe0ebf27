import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// `export_cda.xml`: one CDA document after another, split safely a chunk at a time, each checked as
/// `HKCDADocumentSample` checks it; a bad one is reported with its line and the others are imported.
@Suite struct CDADocumentImportTests {
    /// A minimal valid document titled `title`, effective at `time` (HL7).
    static func document(_ title: String, time: String = "20240301120000+0100", body: String = "ok") -> String {
        """
        <ClinicalDocument xmlns="urn:hl7-org:v3"><typeId root="2.16.840.1.113883.1.3"/><id root="1"/><code code="34133-9"/>\
        <title>\(title)</title><effectiveTime value="\(time)"/><confidentialityCode code="N"/>\
        <recordTarget><patientRole><patient><name>Anna Muster</name></patient></patientRole></recordTarget>\
        <author><assignedAuthor><assignedPerson><name>Jonas Weber</name></assignedPerson></assignedAuthor></author>\
        <custodian><assignedCustodian><representedCustodianOrganization><name>Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>\
        <component><structuredBody><text>\(body)</text></structuredBody></component></ClinicalDocument>
        """
    }

    /// What the splitter finds in `text`, fed `chunk` bytes at a time.
    static func pieces(_ text: String, chunk: Int = 4_096, limit: Int = CDADocumentReader.maximumSize) -> [String] {
        var splitter = CDADocumentSplitter(limit: limit)
        var found: [String] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            bytes[start..<min(bytes.count, start + chunk)].withUnsafeBufferPointer { buffer in
                splitter.feed(buffer) { piece in
                    switch piece {
                    case .document(let data, let line):
                        found.append("\(line): " + String(decoding: data, as: UTF8.self))
                    case .tooLarge(let line): found.append("\(line): too large")
                    }
                }
            }
        }
        if splitter.isInsideDocument { found.append("unfinished") }
        return found
    }

    static let twoDocuments = """
        <?xml version="1.0" encoding="UTF-8"?>
        <a x="1 > 0"><![CDATA[</a><b>]]><!-- </a> --></a>
        <!-- <c> a comment between documents -->
        <?processing instruction <d>?>
        <b/>

        """

    @Test func documentsWrittenOneAfterTheOtherAreSplitWhereTheirRootsEnd() {
        #expect(
            Self.pieces(Self.twoDocuments) == [
                #"2: <a x="1 > 0"><![CDATA[</a><b>]]><!-- </a> --></a>"#, "5: <b/>",
            ])
    }

    @Test func chunkBoundariesChangeNothing() {
        #expect(Self.pieces(Self.twoDocuments, chunk: 1) == Self.pieces(Self.twoDocuments))
        #expect(Self.pieces(Self.twoDocuments, chunk: 7) == Self.pieces(Self.twoDocuments))
    }

    @Test func aDeclarationBetweenDocumentsIsSkippedWholeAndNeverRead() {
        let text = """
            <!DOCTYPE x [<!ENTITY e "<ClinicalDocument>"> <!ATTLIST y z CDATA ">">]>
            <a/>
            """
        #expect(Self.pieces(text) == ["2: <a/>"])
    }

    @Test func aDocumentLargerThanTheLimitIsReportedWithoutBeingHeld() {
        let text = "<a>" + String(repeating: "x", count: 500) + "</a>\n<b>small</b>"
        #expect(Self.pieces(text, chunk: 64, limit: 100) == ["1: too large", "2: <b>small</b>"])
    }

    @Test func aFileEndingInsideADocumentSaysSo() {
        #expect(Self.pieces("<a><b>") == ["unfinished"])
    }

    @Test func aBadDocumentIsReportedWithItsLineAndTheOthersAreImported() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "export/export.xml",
            #"<HealthData locale="en_US"><ExportDate value="2024-03-02 10:00:00 +0100"/></HealthData>"#)
        try folder.write(
            "export/export_cda.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            \(Self.document("First"))
            \(Self.document("Broken", body: "&undefined;"))
            \(Self.document("Third", time: "20240302"))

            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(folder.url.appendingPathComponent("export"))
        let type = HKDocumentTypeIdentifier.CDA.rawValue
        #expect(summary.records[type]?.read == 3)
        #expect(summary.records[type]?.added == 2)
        let skipped = try #require(summary.skipped.first { $0.type == type })
        #expect(skipped.line == 3)
        #expect(skipped.reason.contains("&undefined;"))
        let titles = try harness.rows(
            "SELECT c.title FROM cda_document c JOIN sample s ON s.id = c.sample_id ORDER BY s.start_date")
        #expect(titles.map { $0[0] as String } == ["First", "Third"])
        // Sample queries leave a document's content out (HKDocumentQuery reads it).
        let documents = try await harness.samples(HKObjectType.documentType(forIdentifier: .CDA)!)
        #expect(documents.allSatisfy { ($0 as? HKCDADocumentSample)?.document == nil })
        #expect(documents.first?.startDate == ISO8601DateFormatter().date(from: "2024-03-01T11:00:00Z"))
        #expect(documents.first?.sourceRevision.source.name == "Health")
    }

    @Test func importingTheDocumentsAgainAddsNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("export/export.xml", #"<HealthData locale="en_US"></HealthData>"#)
        try folder.write("export/export_cda.xml", Self.document("Only"))
        let harness = try ImportHarness()
        try harness.importing(folder.url.appendingPathComponent("export"))
        let again = try harness.importing(folder.url.appendingPathComponent("export"))
        #expect(again.records[HKDocumentTypeIdentifier.CDA.rawValue]?.alreadyStored == 1)
        #expect(try harness.count("SELECT count(*) FROM cda_document") == 1)
    }
}
