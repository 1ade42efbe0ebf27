import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
@testable import OpenHealthKitSQLite

/// The v7 tables on their own: each kind's detail stored with its sample and deleted with it, medications replaced
/// by concept code, attachments read in chunks, and the upgrade of a store an earlier version wrote.
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

    @Test func eachKindsDetailComesBackAsStored() throws {
        let storage = try SQLiteStorage()
        let rows = Self.details.enumerated().map { Self.row($1.0, at: Double($0), value: 0.5, detail: $1.1) }
        _ = try storage.insert(rows)
        for row in rows {
            let read = try storage.fetch(RowQuery(typeIdentifiers: [row.typeIdentifier]))
            #expect(read.map(\.detail) == [row.detail], "\(row.typeIdentifier)")
        }
    }

    @Test func aDocumentsXMLIsReadOnlyWhenAsked() throws {
        let storage = try SQLiteStorage()
        let document = CDADocumentRow(
            title: "Summary", patientName: "Anna", authorName: "Jonas", custodianName: "Charité",
            document: Data("<ClinicalDocument/>".utf8))
        _ = try storage.insert([Self.row("HKDocumentTypeIdentifierCDA", at: 0, detail: .cdaDocument(document))])
        var query = RowQuery(typeIdentifiers: ["HKDocumentTypeIdentifierCDA"])
        guard case .cdaDocument(let header)? = try storage.fetch(query).first?.detail else {
            Issue.record("no document")
            return
        }
        #expect(header.title == "Summary" && header.document == nil)
        query.includesDocumentData = true
        #expect(try storage.fetch(query).first?.detail == .cdaDocument(document))
    }

    @Test func deletingASampleDeletesItsDetailAndAttachments() throws {
        let storage = try SQLiteStorage()
        let prescription = Self.row(
            "HKVisionPrescriptionTypeIdentifier", at: 0, detail: .visionPrescription(Self.prescription))
        _ = try storage.insert([prescription])
        let attachment = AttachmentRow(
            identifier: UUID(), objectUUID: prescription.uuid, name: "scan.pdf", contentType: "com.adobe.pdf", size: 9,
            creationDate: 0, metadata: nil)
        try storage.addAttachment(attachment, data: Data("%PDF-1.7\n".utf8))
        _ = try storage.delete(uuids: [prescription.uuid])
        let left = try storage.writer.read { db in
            try ["vision_prescription", "vision_lens", "attachment"].map {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1
            }
        }
        #expect(left == [0, 0, 0])
        #expect(try storage.attachment(attachment.identifier) == nil)
    }

    @Test func anAttachmentsBytesAreReadInChunksInOrder() throws {
        let storage = try SQLiteStorage()
        let prescription = Self.row(
            "HKVisionPrescriptionTypeIdentifier", at: 0, detail: .visionPrescription(Self.prescription))
        _ = try storage.insert([prescription])
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

    @Test func anAttachmentNeedsAStoredObject() throws {
        let storage = try SQLiteStorage()
        let orphan = AttachmentRow(
            identifier: UUID(), objectUUID: UUID(), name: "scan.pdf", contentType: "com.adobe.pdf", size: 5,
            creationDate: 0, metadata: nil)
        #expect(throws: StorageError.self) { try storage.addAttachment(orphan, data: Data("%PDF-".utf8)) }
    }

    @Test func savingAMedicationAgainReplacesItAndItsCodings() throws {
        let storage = try SQLiteStorage()
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

    // MARK: The upgrade from v4

    /// A store at v4 (as the last release left it) at `path`, holding what `fill` writes.
    static func v4Store(at path: String, _ fill: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v4: pending permission requests")
        try queue.write(fill)
    }

    @Test func theUpgradeMakesV3ClinicalRecordsSamplesOfTheirInstitution() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let uuid = UUID()
        try Self.v4Store(at: path) { db in
            try db.execute(
                sql: """
                    INSERT INTO clinical_record (uuid, type, identifier, source_name, source_url, fhir_version,
                        received_date, resource_file_path, resource_type, resource)
                    VALUES (?, 'HKClinicalTypeIdentifierLabResultRecord', 'obs-1', 'Charité Berlin', NULL, '4.0.1',
                        1666260000, '/clinical-records/Observation-obs-1.json', 'Observation',
                        '{"resourceType":"Observation","id":"obs-1","code":{"text":"Hemoglobin A1c"}}')
                    """, arguments: [uuid.blob])
        }
        let storage = try SQLiteStorage(path: path)
        let records = try storage.fetch(RowQuery(typeIdentifiers: ["HKClinicalTypeIdentifierLabResultRecord"]))
        try #require(records.count == 1)
        #expect(records[0].uuid == uuid)
        #expect(records[0].startDate == 1_666_260_000)
        #expect(
            records[0].source
                == SourceRow(bundleIdentifier: "org.openhealthkit.export.records-charit-berlin", name: "Charité Berlin")
        )
        #expect(records[0].anchor > 0)
        guard case .clinicalRecord(let record)? = records[0].detail else {
            Issue.record("no clinical record detail")
            return
        }
        #expect(record.displayName == "Hemoglobin A1c")
        #expect(record.resourceFilePath == "/clinical-records/Observation-obs-1.json")
        #expect(try storage.writer.read { db in try db.tableExists("clinical_record") } == false)
    }

    /// A store at v6 (series, electrocardiograms and audiograms; h15's v5 is not merged yet) holding an
    /// electrocardiogram and a v3 clinical record: v7 makes the record a sample and leaves the recording as it was.
    @Test func theUpgradeFromV6KeepsElectrocardiogramsAndMakesClinicalRecordsSamples() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let record = UUID()
        let recording = Self.row(
            "HKDataTypeIdentifierElectrocardiogram", at: 1_700_000_000,
            detail: .electrocardiogram(
                ElectrocardiogramRow(
                    classification: 1, symptomsStatus: 1, averageHeartRate: 1.2, samplingFrequency: 512,
                    voltageCount: 3, leads: [ElectrocardiogramLeadRow(lead: 1, microvolts: [-12.5, 0, 40.25])])))
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v6: series, electrocardiograms, audiograms")
        try queue.write { db in
            _ = try SampleInserter(db, policy: .skip).insert([recording], parents: [])
            try db.execute(
                sql: """
                    INSERT INTO clinical_record (uuid, type, identifier, source_name, source_url, fhir_version,
                        received_date, resource_file_path, resource_type, resource)
                    VALUES (?, 'HKClinicalTypeIdentifierLabResultRecord', 'obs-1', 'Charité Berlin', NULL, '4.0.1',
                        1666260000, NULL, 'Observation', '{"resourceType":"Observation","id":"obs-1"}')
                    """, arguments: [record.blob])
        }
        try queue.close()
        let storage = try SQLiteStorage(path: path)
        let recordings = try storage.fetch(RowQuery(typeIdentifiers: ["HKDataTypeIdentifierElectrocardiogram"]))
        #expect(recordings.map(\.uuid) == [recording.uuid])
        guard case .electrocardiogram(let summary)? = recordings.first?.detail else {
            Issue.record("no electrocardiogram detail")
            return
        }
        #expect(summary.voltageCount == 3 && summary.classification == 1)
        #expect(try storage.electrocardiogramLeads(of: recording.uuid).map(\.microvolts) == [[-12.5, 0, 40.25]])
        let records = try storage.fetch(RowQuery(typeIdentifiers: ["HKClinicalTypeIdentifierLabResultRecord"]))
        #expect(records.map(\.uuid) == [record])
        guard case .clinicalRecord(let clinical)? = records.first?.detail else {
            Issue.record("no clinical record detail")
            return
        }
        #expect(clinical.identifier == "obs-1")
        // Samples inserted after the upgrade take anchors after the ones before it.
        #expect(records[0].anchor > recordings[0].anchor)
    }

    @Test func theUpgradeMakesKeptVisionPrescriptionsPrescriptionsAndKeepsWhatItCannotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-v7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("health.sqlite").path
        let readable = UUID(), broken = UUID()
        try Self.v4Store(at: path) { db in
            let insert =
                "INSERT INTO unrecognized_record (uuid, element, attributes, children) VALUES (?, 'VisionPrescription', ?, ?)"
            try db.execute(
                sql: insert,
                arguments: [
                    readable.blob,
                    #"{"type":"HKVisionPrescriptionTypeGlasses","dateIssued":"2021-05-05 00:00:00 +0200"}"#,
                    #"[{"element":"RightEye","attributes":{"sphere":"-1.25","sphereUnit":"D"}}]"#,
                ])
            try db.execute(sql: insert, arguments: [broken.blob, #"{"type":"HKVisionPrescriptionTypeMonocle"}"#, nil])
        }
        let storage = try SQLiteStorage(path: path)
        let prescriptions = try storage.fetch(RowQuery(typeIdentifiers: ["HKVisionPrescriptionTypeIdentifier"]))
        #expect(prescriptions.map(\.uuid) == [readable])
        guard case .visionPrescription(let prescription)? = prescriptions.first?.detail else {
            Issue.record("no prescription detail")
            return
        }
        #expect(prescription.lenses.map(\.sphere) == [-1.25])
        #expect(prescriptions.first?.startDate == 1_620_165_600)
        #expect(
            try storage.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM unrecognized_record") } == 1
        )
    }
}
