import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// Health records, documents, states of mind, assessments, dose events and prescriptions in the three export
/// formats: Apple XML writes what Apple's format holds, FHIR what LOINC codes, CSV everything.
@Suite struct RecordsExportTests {
    static let date = Date(timeIntervalSince1970: 1_709_290_800)  // 2024-03-01 11:00 UTC

    let harness: ImportHarness

    init() async throws {
        harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        try await harness.engine.saveMedication(
            UserAnnotatedMedicationRow(
                conceptCode: "6809", displayText: "Metformin 500 mg", generalForm: "tablet", relatedCodings: [],
                nickname: nil, isArchived: false, hasSchedule: false),
            as: ImportHarness.owner)
        try await harness.engine.save(
            [
                HKStateOfMind(
                    date: Self.date, kind: .dailyMood, valence: 0.5, labels: [.content], associations: [.family]),
                HKGAD7Assessment(
                    date: Self.date,
                    answers: [
                        .severalDays, .notAtAll, .notAtAll, .moreThanHalfTheDays, .notAtAll, .notAtAll, .notAtAll,
                    ]),
                HKPHQ9Assessment(
                    date: Self.date,
                    answers: [
                        .nearlyEveryDay, .severalDays, .notAtAll, .notAtAll, .notAtAll, .notAtAll, .notAtAll, .notAtAll,
                        .preferNotToAnswer,
                    ]),
            ], as: ImportHarness.owner)
        try await harness.engine.logDose(
            HKMedicationDoseEvent(
                uuid: UUID(), date: Self.date, scheduleType: .asNeeded,
                medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: "6809"),
                scheduledDate: nil, scheduledDoseQuantity: nil, doseQuantity: 1, logStatus: .taken, unit: .count(),
                device: nil, metadata: nil, sourceRevision: .placeholder()),
            as: ImportHarness.owner)
    }

    static func observations(_ url: URL) throws -> [[String: Any]] {
        let bundle = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
            .filter { $0["resourceType"] as? String == "Observation" }
    }

    static func codes(_ concept: Any?) -> [String] {
        ((concept as? [String: Any])?["coding"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    @Test func phq9AndGAD7AreSurveyObservationsWithTheirLOINCCodes() throws {
        let folder = try TemporaryFolder()
        let (url, summary) = try harness.exporting(.fhir, to: folder, name: "bundle.json")
        let observations = try Self.observations(url)
        let phq9 = try #require(observations.first { Self.codes($0["code"]).contains("44261-6") })
        #expect(phq9["valueInteger"] as? Int == 4)
        let category = (phq9["category"] as? [[String: Any]])?.flatMap { Self.codes($0) }
        #expect(category == ["survey"])
        let phq9Components = phq9["component"] as? [[String: Any]] ?? []
        #expect(phq9Components.count == 8)
        #expect(Self.codes(phq9Components.first?["code"]) == ["44250-9"])
        #expect(Self.codes(phq9Components.first?["valueCodeableConcept"]) == ["LA6571-9"])
        let gad7 = try #require(observations.first { Self.codes($0["code"]).contains("70274-6") })
        #expect(gad7["valueInteger"] as? Int == 3)
        #expect((gad7["component"] as? [[String: Any]])?.count == 7)
        #expect(summary.notWritten["HKDataTypeStateOfMind"] == 1)
        #expect(summary.notWritten["HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"] == 1)
        #expect(summary.notWritten["HKVisionPrescriptionTypeIdentifier"] == 1)
        #expect(summary.notWritten["HKDocumentTypeIdentifierCDA"] == 2)
    }

    @Test func csvWritesEachKindsValuesAsJSON() throws {
        let folder = try TemporaryFolder()
        let (url, summary) = try harness.exporting(.csv, to: folder, name: "csv")
        func value(_ file: String) throws -> [String: Any] {
            let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            let line = try #require(text.split(separator: "\n").dropFirst().first)
            let json = try #require(Self.csvFields(String(line)).dropFirst(3).first)
            return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        }
        #expect(summary.files.contains("stateOfMind.csv"))
        let mood = try value("stateOfMind.csv")
        #expect(mood["kind"] as? String == "dailyMood")
        #expect(mood["valence_classification"] as? String == "pleasant")
        #expect(mood["labels"] as? [String] == ["content"])
        #expect(try value("gad7Assessment.csv")["risk"] as? String == "noneToMinimal")
        #expect(try value("medicationDoseEvent.csv")["log_status"] as? String == "taken")
        #expect(try value("visionPrescription.csv")["type"] as? String == "glasses")
        #expect(try value("cdaDocument.csv")["title"] as? String == "Health Summary")
    }

    /// The fields of a CSV line (RFC 4180: quoted fields, inner quotes doubled).
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            switch (character, quoted) {
            case ("\"", true) where characters.first == "\"":
                field.append("\"")
                characters.removeFirst()
            case ("\"", _): quoted.toggle()
            case (",", false):
                fields.append(field)
                field = ""
            default: field.append(character)
            }
        }
        return fields + [field]
    }

    @Test func appleXMLWritesPrescriptionsRecordsAndDocumentsButNotWhatItsFormatLacks() throws {
        let folder = try TemporaryFolder()
        let (url, summary) = try harness.exporting(.appleXML, to: folder, name: "apple_health_export")
        let xml = try String(contentsOf: url.appendingPathComponent("export.xml"), encoding: .utf8)
        #expect(xml.contains("<VisionPrescription type=\"HKVisionPrescriptionTypeGlasses\""))
        #expect(xml.contains("<ClinicalRecord type=\"HKClinicalTypeIdentifierLabResultRecord\""))
        let cda = try String(contentsOf: url.appendingPathComponent("export_cda.xml"), encoding: .utf8)
        #expect(cda.components(separatedBy: "<ClinicalDocument").count == 3)
        #expect(summary.notWritten["HKDataTypeStateOfMind"] == 1)
        #expect(summary.notWritten["HKScoredAssessmentTypeIdentifierGAD7"] == 1)
        #expect(summary.notWritten["HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"] == 1)
    }

    @Test func theImportReadsTheDocumentsWithTheirHeaderAndServiceDates() throws {
        let documents = try harness.rows(
            """
            SELECT c.title, c.custodian_name, s.start_date, s.end_date, length(c.document) FROM cda_document c
            JOIN sample s ON s.id = c.sample_id ORDER BY s.start_date
            """)
        #expect(documents.map { $0[0] as String } == ["Health Summary", "Discharge Summary"])
        #expect(documents[0][1] as String == "Charité")
        // documentationOf/serviceEvent: 2022-10-01 to 2022-10-20, in UTC (HL7 dates without an offset).
        #expect(documents[0][2] as Double == 1_664_582_400)
        #expect(documents[0][3] as Double == 1_666_224_000)
        #expect(documents.allSatisfy { ($0[4] as Int) > 500 })
    }

    @Test func theImportReadsThePrescriptionsLenses() throws {
        let lenses = try harness.rows(
            "SELECT eye, sphere, cylinder, axis, prism_amount, far_pupillary_distance FROM vision_lens ORDER BY eye")
        #expect(lenses.map { $0[0] as Int } == [1, 2])
        #expect(lenses[1][1] as Double == -1.25)
        #expect(lenses[1][2] as Double? == -0.5)
        #expect(lenses[1][3] as Double? == 90)
        #expect(lenses[1][5] as Double? == 31.5)
    }
}
