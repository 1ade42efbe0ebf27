import Foundation
import Testing
import OpenHealthKitEngine

/// The v7 tables in a storage: each kind's detail stored with its sample and deleted with it, medications replaced
/// by concept code, attachments read in chunks.
@Suite struct RecordsStorageTests {
    static let health = SourceRow(bundleIdentifier: "com.apple.Health", name: "Health")

    static func row(_ type: String, at start: Double, value: Double? = nil, detail: SampleDetail) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: start, endDate: start, value: value, source: health,
            revision: RevisionRow(), detail: detail)
    }

    static let prescription = VisionPrescriptionRow(
        prescriptionType: 1, expirationDate: 1_800_000_000, brand: nil,
        lenses: [
            {
                var lens = VisionLensRow(eye: 2, sphere: -1.25)
                lens.cylinder = -0.5
                lens.axis = 90
                lens.prismAmount = 1
                lens.prismAngle = 90
                lens.prismVerticalAmount = 1
                lens.prismVerticalBase = 1
                return lens
            }(),
            {
                var lens = VisionLensRow(eye: 1, sphere: -1)
                lens.farPupillaryDistance = 31
                return lens
            }(),
        ])

    static let details: [(String, SampleDetail)] = [
        ("HKDataTypeStateOfMind", .stateOfMind(StateOfMindRow(kind: 2, labels: [30, 7], associations: [5]))),
        (
            "HKScoredAssessmentTypeIdentifierPHQ9",
            .scoredAssessment(ScoredAssessmentRow(answers: [0, 1, 2, 3, 0, 1, 2, 3, 4]))
        ),
        (
            "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent",
            .medicationDoseEvent(
                MedicationDoseEventRow(
                    conceptCode: "6809", logStatus: 4, scheduleType: 2, scheduledDate: 1_700_000_000,
                    scheduledDoseQuantity: 1, unit: "count"))
        ),
        ("HKVisionPrescriptionTypeIdentifier", .visionPrescription(prescription)),
        (
            "HKClinicalTypeIdentifierLabResultRecord",
            .clinicalRecord(
                ClinicalRecordRow(
                    resourceType: "Observation", identifier: "a1c", fhirVersion: "4.0.1", sourceURL: nil,
                    displayName: "Hemoglobin A1c", resource: #"{"resourceType":"Observation"}"#, resourceFilePath: nil))
        ),
    ]

    @Test(arguments: TestStorage.allCases)
    func eachKindsDetailComesBackAsStored(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let rows = Self.details.enumerated().map { Self.row($1.0, at: Double($0), value: 0.5, detail: $1.1) }
        _ = try await storage.insert(rows)
        for row in rows {
            let read = try await storage.fetch(RowQuery(typeIdentifiers: [row.typeIdentifier]))
            #expect(read.map(\.detail) == [row.detail], "\(row.typeIdentifier)")
        }
    }

    @Test(arguments: TestStorage.allCases)
    func aDocumentsXMLIsReadOnlyWhenAsked(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let document = CDADocumentRow(
            title: "Summary", patientName: "Anna", authorName: "Jonas", custodianName: "Charité",
            document: Data("<ClinicalDocument/>".utf8))
        _ = try await storage.insert([Self.row("HKDocumentTypeIdentifierCDA", at: 0, detail: .cdaDocument(document))])
        var query = RowQuery(typeIdentifiers: ["HKDocumentTypeIdentifierCDA"])
        guard case .cdaDocument(let header)? = try await storage.fetch(query).first?.detail else {
            Issue.record("no document")
            return
        }
        #expect(header.title == "Summary" && header.document == nil)
        query.includesDocumentData = true
        await #expect(try storage.fetch(query).first?.detail == .cdaDocument(document))
    }

    @Test(arguments: TestStorage.allCases)
    func deletingASampleDeletesItsDetailAndAttachments(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let prescription = Self.row(
            "HKVisionPrescriptionTypeIdentifier", at: 0, detail: .visionPrescription(Self.prescription))
        _ = try await storage.insert([prescription])
        let attachment = AttachmentRow(
            identifier: UUID(), objectUUID: prescription.uuid, name: "scan.pdf", contentType: "com.adobe.pdf", size: 9,
            creationDate: 0, metadata: nil)
        try storage.addAttachment(attachment, data: Data("%PDF-1.7\n".utf8))
        _ = try await storage.delete(uuids: [prescription.uuid])
        for table in ["vision_prescription", "vision_lens", "attachment"] {
            #expect(try await kind.count(table, in: storage) == 0, "\(table)")
        }
        #expect(try storage.attachment(attachment.identifier) == nil)
    }

    @Test(arguments: TestStorage.allCases)
    func anAttachmentsBytesAreReadInChunksInOrder(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let prescription = Self.row(
            "HKVisionPrescriptionTypeIdentifier", at: 0, detail: .visionPrescription(Self.prescription))
        _ = try await storage.insert([prescription])
        let bytes = Data((0..<1_000).map { UInt8($0 % 251) })
        let attachment = AttachmentRow(
            identifier: UUID(), objectUUID: prescription.uuid, name: "scan.png", contentType: "public.png",
            size: bytes.count, creationDate: 0, metadata: nil)
        try storage.addAttachment(attachment, data: bytes)
        var chunks: [Data] = []
        #expect(
            try storage.readAttachmentData(attachment.identifier, chunkSize: 300) {
                chunks.append($0)
                return true
            })
        #expect(chunks.map(\.count) == [300, 300, 300, 100])
        #expect(Data(chunks.joined()) == bytes)
        #expect(try storage.readAttachmentData(UUID(), chunkSize: 300) { _ in true } == false)
    }

    @Test(arguments: TestStorage.allCases)
    func anAttachmentNeedsAStoredObject(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let orphan = AttachmentRow(
            identifier: UUID(), objectUUID: UUID(), name: "scan.pdf", contentType: "com.adobe.pdf", size: 5,
            creationDate: 0, metadata: nil)
        #expect(throws: StorageError.self) { try storage.addAttachment(orphan, data: Data("%PDF-".utf8)) }
    }

    @Test(arguments: TestStorage.allCases)
    func savingAMedicationAgainReplacesItAndItsCodings(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        var medication = UserAnnotatedMedicationRow(
            conceptCode: "6809", displayText: "Metformin", generalForm: "tablet",
            relatedCodings: [ClinicalCodingRow(system: "rxnorm", version: nil, code: "6809")], nickname: nil,
            isArchived: false, hasSchedule: true)
        #expect(try storage.saveMedication(medication))
        medication.nickname = "Morning pill"
        medication.relatedCodings = [ClinicalCodingRow(system: "atc", version: "2024", code: "A10BA02")]
        #expect(try storage.saveMedication(medication) == false)
        #expect(try storage.medications(conceptCodes: nil) == [medication])
        #expect(try storage.medications(conceptCodes: ["other"]).isEmpty)
    }
}
