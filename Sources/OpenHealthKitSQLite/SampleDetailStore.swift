import Foundation
import GRDB
import OpenHealthKitEngine

/// Writes and reads the kind-specific rows of records, documents, minds, assessments, dose events and prescriptions
/// (``SampleDetailKind``), beside their `sample` row and inside the caller's transaction or read (the series' kinds:
/// `SampleDetail.insert(sampleID:into:)` and ``SampleDetailReader``). Deletion is the schema's: every kind's table
/// cascades from `sample`.
struct SampleDetailStore {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    func insert(_ detail: SampleDetail, sampleID id: Int64) throws {
        switch detail {
        case .quantitySeries, .heartbeatSeries, .electrocardiogram, .audiogram, .workoutRoute:
            // The series' kinds are written by `SampleDetail.insert(sampleID:into:)`, which hands the others here.
            try detail.insert(sampleID: id, into: db)
        case .clinicalRecord(let record):
            try execute(
                """
                INSERT INTO clinical_record_sample (sample_id, resource_type, identifier, fhir_version, source_url,
                                                    display_name, resource, resource_file_path)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    id, record.resourceType, record.identifier, record.fhirVersion, record.sourceURL,
                    record.displayName, record.resource, record.resourceFilePath,
                ])
        case .cdaDocument(let document):
            try execute(
                """
                INSERT INTO cda_document (sample_id, title, patient_name, author_name, custodian_name, document)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    id, document.title, document.patientName, document.authorName, document.custodianName,
                    document.document ?? Data(),
                ])
        case .stateOfMind(let state):
            try execute("INSERT INTO state_of_mind (sample_id, kind) VALUES (?, ?)", [id, state.kind])
            for (facet, values) in [(1, state.labels), (2, state.associations)] {
                for (position, value) in values.enumerated() {
                    try execute(
                        "INSERT INTO state_of_mind_term (sample_id, facet, position, value) VALUES (?, ?, ?, ?)",
                        [id, facet, position, value])
                }
            }
        case .scoredAssessment(let assessment):
            try execute(
                "INSERT INTO scored_assessment (sample_id, answers) VALUES (?, ?)",
                [id, assessment.answersText])
        case .medicationDoseEvent(let event):
            try execute(
                """
                INSERT INTO medication_dose_event (sample_id, concept_code, log_status, schedule_type, scheduled_date,
                                                   scheduled_dose_quantity, unit)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    id, event.conceptCode, event.logStatus, event.scheduleType, event.scheduledDate,
                    event.scheduledDoseQuantity, event.unit,
                ])
        case .visionPrescription(let prescription):
            try execute(
                "INSERT INTO vision_prescription (sample_id, prescription_type, expiration_date, brand) VALUES (?, ?, ?, ?)",
                [id, prescription.prescriptionType, prescription.expirationDate, prescription.brand])
            for lens in prescription.lenses {
                let values: [(any DatabaseValueConvertible)?] = [
                    id, lens.eye, lens.sphere, lens.cylinder, lens.axis, lens.addPower, lens.vertexDistance,
                    lens.prismAmount, lens.prismAngle, lens.prismVerticalAmount, lens.prismVerticalBase,
                    lens.prismHorizontalAmount, lens.prismHorizontalBase, lens.farPupillaryDistance,
                    lens.nearPupillaryDistance, lens.baseCurve, lens.diameter,
                ]
                try execute(
                    "INSERT INTO vision_lens (\(Self.lensColumns)) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))",
                    values)
            }
        }
    }

    /// The detail of the sample with row id `id`, of `kind`; a CDA document's XML only when `documentData`.
    func read(_ kind: SampleDetailKind, sampleID id: Int64, documentData: Bool) throws -> SampleDetail? {
        switch kind {
        case .clinicalRecord:
            return try row(
                """
                SELECT resource_type, identifier, fhir_version, source_url, display_name, resource, resource_file_path
                FROM clinical_record_sample WHERE sample_id = ?
                """, id
            ).map {
                .clinicalRecord(
                    ClinicalRecordRow(
                        resourceType: $0[0], identifier: $0[1], fhirVersion: $0[2], sourceURL: $0[3],
                        displayName: $0[4], resource: $0[5], resourceFilePath: $0[6]))
            }
        case .cdaDocument:
            let document = documentData ? "document" : "NULL"
            return try row(
                "SELECT title, patient_name, author_name, custodian_name, \(document) FROM cda_document WHERE sample_id = ?",
                id
            ).map {
                .cdaDocument(
                    CDADocumentRow(
                        title: $0[0], patientName: $0[1], authorName: $0[2], custodianName: $0[3], document: $0[4]))
            }
        case .stateOfMind:
            guard
                let kind = try Int.fetchOne(
                    db, sql: "SELECT kind FROM state_of_mind WHERE sample_id = ?", arguments: [id])
            else { return nil }
            let terms = try Row.fetchAll(
                db, sql: "SELECT facet, value FROM state_of_mind_term WHERE sample_id = ? ORDER BY facet, position",
                arguments: [id])
            return .stateOfMind(
                StateOfMindRow(
                    kind: kind, labels: terms.filter { $0[0] == 1 }.map { $0[1] },
                    associations: terms.filter { $0[0] == 2 }.map { $0[1] }))
        case .scoredAssessment:
            return try String.fetchOne(
                db, sql: "SELECT answers FROM scored_assessment WHERE sample_id = ?", arguments: [id]
            )
            .map { .scoredAssessment(ScoredAssessmentRow(answersText: $0)) }
        case .medicationDoseEvent:
            return try row(
                """
                SELECT concept_code, log_status, schedule_type, scheduled_date, scheduled_dose_quantity, unit
                FROM medication_dose_event WHERE sample_id = ?
                """, id
            ).map {
                .medicationDoseEvent(
                    MedicationDoseEventRow(
                        conceptCode: $0[0], logStatus: $0[1], scheduleType: $0[2], scheduledDate: $0[3],
                        scheduledDoseQuantity: $0[4], unit: $0[5]))
            }
        case .visionPrescription:
            guard
                let prescription = try row(
                    "SELECT prescription_type, expiration_date, brand FROM vision_prescription WHERE sample_id = ?", id)
            else { return nil }
            let lenses = try Row.fetchAll(
                db, sql: "SELECT \(Self.lensColumns) FROM vision_lens WHERE sample_id = ? ORDER BY eye DESC",
                arguments: [id]
            ).map { row in
                var lens = VisionLensRow(eye: row[1], sphere: row[2])
                lens.cylinder = row[3]
                lens.axis = row[4]
                lens.addPower = row[5]
                lens.vertexDistance = row[6]
                lens.prismAmount = row[7]
                lens.prismAngle = row[8]
                lens.prismVerticalAmount = row[9]
                lens.prismVerticalBase = row[10]
                lens.prismHorizontalAmount = row[11]
                lens.prismHorizontalBase = row[12]
                lens.farPupillaryDistance = row[13]
                lens.nearPupillaryDistance = row[14]
                lens.baseCurve = row[15]
                lens.diameter = row[16]
                return lens
            }
            return .visionPrescription(
                VisionPrescriptionRow(
                    prescriptionType: prescription[0], expirationDate: prescription[1], brand: prescription[2],
                    lenses: lenses))
        }
    }

    private static let lensColumns = """
        sample_id, eye, sphere, cylinder, axis, add_power, vertex_distance, prism_amount, prism_angle,
        prism_vertical_amount, prism_vertical_base, prism_horizontal_amount, prism_horizontal_base,
        far_pupillary_distance, near_pupillary_distance, base_curve, diameter
        """

    private func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?]) throws {
        try db.cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments))
    }

    private func row(_ sql: String, _ id: Int64) throws -> Row? {
        try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id])
    }
}
