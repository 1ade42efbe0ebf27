import Foundation
import Testing
@testable import OpenHealthKitModel

/// `HKCDADocumentSample` checks a document as HealthKit does before it is stored, reading hostile XML safely: no
/// document type declaration, no entity but XML's own, bounded size and depth.
@Suite struct CDADocumentReaderTests {
    static func document(title: String = "Visit Summary", header: String? = nil, body: String = "ok") -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <ClinicalDocument xmlns="urn:hl7-org:v3">
             \(header ?? "<typeId root=\"2.16.840.1.113883.1.3\" extension=\"POCD_HD000040\"/>")
             <id root="1.2.3"/><code code="34133-9" codeSystem="2.16.840.1.113883.6.1"/>
             <title>\(title)</title><effectiveTime value="20240301120000+0100"/>
             <confidentialityCode code="N"/>
             <recordTarget><patientRole><patient><name><given>Anna</given> <family>Muster</family></name></patient></patientRole></recordTarget>
             <author><assignedAuthor><assignedPerson><name>Dr. Jonas Weber</name></assignedPerson></assignedAuthor></author>
             <custodian><assignedCustodian><representedCustodianOrganization><name>Charit&#233;</name></representedCustodianOrganization></assignedCustodian></custodian>
             <documentationOf><serviceEvent><effectiveTime><low value="20240201"/><high value="20240301"/></effectiveTime></serviceEvent></documentationOf>
             <component><structuredBody><component><section><text>\(body)</text></section></component></structuredBody></component>
            </ClinicalDocument>
            """.utf8)
    }

    /// Expects the document to be refused with `errorInvalidArgument` and a detail containing `fragment` under
    /// `HKDetailedCDAValidationErrorKey`.
    func expectRefused(_ data: Data, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: HKError.self, sourceLocation: sourceLocation) {
            _ = try HKCDADocumentSample(data: data, start: Date(), end: Date(), metadata: nil)
        }
        #expect(error?.code == .errorInvalidArgument, sourceLocation: sourceLocation)
        let detail = error?.errorUserInfo[HKDetailedCDAValidationErrorKey] as? String
        #expect(detail?.contains(fragment) == true, "detail: \(detail ?? "none")", sourceLocation: sourceLocation)
    }

    @Test func theHeaderGivesTheTitleAndTheNamesOfPatientAuthorAndCustodian() throws {
        let sample = try HKCDADocumentSample(
            data: Self.document(), start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60),
            metadata: nil)
        let document = try #require(sample.document)
        #expect(document.title == "Visit Summary")
        #expect(document.patientName == "Anna Muster")
        #expect(document.authorName == "Dr. Jonas Weber")
        #expect(document.custodianName == "Charité")
        #expect(document.documentData == Self.document())
        let header = try CDADocumentReader.header(of: Self.document())
        #expect(header.effectiveTime == "20240301120000+0100")
        #expect(header.serviceStart == "20240201")
        #expect(header.serviceEnd == "20240301")
    }

    @Test func aDocumentTypeDeclarationIsRefusedBeforeAnyEntityIsRead() {
        let hostile = Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE ClinicalDocument [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <ClinicalDocument xmlns="urn:hl7-org:v3"><title>&secret;</title></ClinicalDocument>
            """.utf8)
        expectRefused(hostile, "DOCTYPE")
    }

    @Test func anEntityXMLDoesNotDefineIsRefused() {
        expectRefused(Self.document(title: "&lol9;"), "entity")
    }

    @Test func aMissingHeaderElementIsNamed() {
        expectRefused(Self.document(header: ""), "typeId")
    }

    @Test func aRootThatIsNotAClinicalDocumentIsRefused() {
        expectRefused(Data(#"<Document xmlns="urn:hl7-org:v3"/>"#.utf8), "ClinicalDocument")
    }

    @Test func endTagsMustMatchTheOpenElement() {
        expectRefused(Self.document(body: "<paragraph>open"), "does not match the open element paragraph")
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let depth = CDADocumentReader.maximumDepth + 1
        let deep = String(repeating: "<p>", count: depth) + String(repeating: "</p>", count: depth)
        expectRefused(Self.document(body: deep), "deep")
    }

    @Test func aDocumentLargerThanTheLimitIsRefusedWithoutBeingRead() {
        let large = Data(count: CDADocumentReader.maximumSize + 1)
        let error = #expect(throws: HKError.self) {
            _ = try HKCDADocumentSample(data: large, start: Date(), end: Date(), metadata: nil)
        }
        #expect(error?.code == .errorDataSizeExceeded)
    }

    @Test func textThatIsNotUTF8IsRefused() {
        var data = Self.document()
        data.append(contentsOf: [0xFF, 0xFE])
        expectRefused(data, "UTF-8")
    }

    @Test func hl7TimestampsOfEveryPrecisionAreRead() {
        #expect(HL7Timestamp.date("20240301") == ISO8601DateFormatter().date(from: "2024-03-01T00:00:00Z"))
        #expect(HL7Timestamp.date("20240301120000+0100") == ISO8601DateFormatter().date(from: "2024-03-01T11:00:00Z"))
        #expect(HL7Timestamp.date("202403011200-0500") == ISO8601DateFormatter().date(from: "2024-03-01T17:00:00Z"))
        #expect(HL7Timestamp.date("2024-03-01") == nil)
        #expect(HL7Timestamp.date("20241301") == nil)
    }
}
