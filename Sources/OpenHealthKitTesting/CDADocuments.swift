public import Foundation

/// Small, valid CDA (HL7 Clinical Document Architecture R2) documents for tests: every header element the CDA schema
/// requires, a patient, an author, a custodian and a one-section body.
public enum CDADocuments {
    /// A document titled `title`, written at `effectiveTime` (an HL7 timestamp, `20240301120000+0100`), about `patient`,
    /// by `author` for `custodian`; `text` is the body's text (XML-escaped by the caller).
    public static func document(
        title: String = "Summary of Care", effectiveTime: String = "20240301120000+0100",
        patient: (given: String, family: String) = ("Anna", "Muster"), author: String = "Jonas Weber",
        custodian: String = "Charité", text: String = "Blood pressure 120/80 mmHg"
    ) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <ClinicalDocument xmlns="urn:hl7-org:v3">
             <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
             <id root="2.16.840.1.113883.19.5" extension="\(effectiveTime)"/>
             <code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summarization of episode note"/>
             <title>\(title)</title>
             <effectiveTime value="\(effectiveTime)"/>
             <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
             <recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="p1"/>
              <patient><name><given>\(patient.given)</given> <family>\(patient.family)</family></name></patient>
             </patientRole></recordTarget>
             <author><time value="\(effectiveTime)"/><assignedAuthor><id root="2.16.840.1.113883.19.5"/>
              <assignedPerson><name>\(author)</name></assignedPerson></assignedAuthor></author>
             <custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5"/>
              <name>\(custodian)</name></representedCustodianOrganization></assignedCustodian></custodian>
             <component><structuredBody><component><section><title>Results</title><text>\(text)</text></section>
             </component></structuredBody></component>
            </ClinicalDocument>

            """.utf8)
    }
}
