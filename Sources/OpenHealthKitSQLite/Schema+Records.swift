import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitModel

extension Schema {
    /// Health records, documents, states of mind, assessments, medications and vision prescriptions: each kind of
    /// sample keeps what it has beyond its `sample` row in its own table keyed by `sample_id` (lists in child tables),
    /// deleted with its sample (ON DELETE CASCADE). Medications the owner tracks (not samples) and files attached to
    /// samples have tables of their own; an attachment's bytes live in the database, which is private (0600).
    ///
    /// The clinical records v3 kept apart (`clinical_record`) become samples of their clinical types here, dated
    /// when they were received, with their FHIR resource in `clinical_record_sample`; that table is then dropped. The
    /// vision prescriptions an import kept verbatim (`unrecognized_record`) become prescriptions, keeping their UUID
    /// (named by their text; imports since v7 name a prescription by its values, so an export imported before the
    /// upgrade and again after it holds its prescriptions twice: docs/IMPORT.md says so).
    static func records(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE clinical_record_sample (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    resource_type TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    fhir_version TEXT NOT NULL,
                    source_url TEXT,
                    display_name TEXT NOT NULL,
                    resource TEXT,
                    resource_file_path TEXT
                );
                CREATE INDEX clinical_record_sample_by_resource ON clinical_record_sample(resource_type, identifier);
                CREATE TABLE cda_document (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    patient_name TEXT NOT NULL,
                    author_name TEXT NOT NULL,
                    custodian_name TEXT NOT NULL,
                    document BLOB NOT NULL
                );
                CREATE TABLE state_of_mind (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    kind INTEGER NOT NULL
                );
                -- A state of mind's labels (facet 1) and associations (facet 2), in their order.
                CREATE TABLE state_of_mind_term (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    facet INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    value INTEGER NOT NULL,
                    PRIMARY KEY (sample_id, facet, position)
                ) WITHOUT ROWID;
                CREATE INDEX state_of_mind_term_by_value ON state_of_mind_term(facet, value);
                CREATE TABLE scored_assessment (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    -- The answers' raw values in question order, comma-separated (7 or 9 of them).
                    answers TEXT NOT NULL
                );
                CREATE TABLE medication_dose_event (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    concept_code TEXT NOT NULL,
                    log_status INTEGER NOT NULL,
                    schedule_type INTEGER NOT NULL,
                    scheduled_date REAL,
                    scheduled_dose_quantity REAL,
                    unit TEXT NOT NULL
                );
                CREATE INDEX medication_dose_event_by_concept ON medication_dose_event(concept_code);
                CREATE TABLE vision_prescription (
                    sample_id INTEGER PRIMARY KEY REFERENCES sample(id) ON DELETE CASCADE,
                    prescription_type INTEGER NOT NULL,
                    expiration_date REAL,
                    brand TEXT
                );
                -- One lens per eye: diopters, degrees, millimetres and prism diopters.
                CREATE TABLE vision_lens (
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    eye INTEGER NOT NULL,
                    sphere REAL NOT NULL,
                    cylinder REAL, axis REAL, add_power REAL, vertex_distance REAL,
                    prism_amount REAL, prism_angle REAL,
                    prism_vertical_amount REAL, prism_vertical_base INTEGER,
                    prism_horizontal_amount REAL, prism_horizontal_base INTEGER,
                    far_pupillary_distance REAL, near_pupillary_distance REAL,
                    base_curve REAL, diameter REAL,
                    PRIMARY KEY (sample_id, eye)
                ) WITHOUT ROWID;
                CREATE TABLE medication (
                    id INTEGER PRIMARY KEY,
                    concept_code TEXT NOT NULL UNIQUE,
                    display_text TEXT NOT NULL,
                    general_form TEXT NOT NULL,
                    nickname TEXT,
                    is_archived INTEGER NOT NULL,
                    has_schedule INTEGER NOT NULL
                );
                CREATE TABLE medication_coding (
                    medication_id INTEGER NOT NULL REFERENCES medication(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    system TEXT NOT NULL,
                    version TEXT,
                    code TEXT NOT NULL,
                    PRIMARY KEY (medication_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE attachment (
                    id INTEGER PRIMARY KEY,
                    uuid BLOB NOT NULL UNIQUE,
                    sample_id INTEGER NOT NULL REFERENCES sample(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    content_type TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    creation_date REAL NOT NULL,
                    metadata TEXT,
                    data BLOB NOT NULL
                );
                CREATE INDEX attachment_by_sample ON attachment(sample_id);
                """)
        try ClinicalRecordMigration(db).moveRecordsIntoSamples()
        try db.execute(sql: "DROP TABLE clinical_record")
        try ClinicalRecordMigration(db).moveVisionPrescriptionsIntoSamples()
    }
}

/// Moves v3's `clinical_record` rows and kept vision prescriptions into samples (see
/// ``Schema/registerRecordsMigration(in:)`` and ``RecordsUpgrade``).
private struct ClinicalRecordMigration {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    func moveRecordsIntoSamples() throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT uuid, type, identifier, source_name, source_url, fhir_version, received_date, resource_file_path,
                       resource_type, resource
                FROM clinical_record ORDER BY id
                """)
        guard !rows.isEmpty else { return }
        var anchor = try StoreAnchor.current(db)
        var rowsByType: [String: [SampleRow]] = [:]
        for row in rows {
            guard let uuid = UUID(blob: row["uuid"]) else { continue }
            let sample = RecordsUpgrade.clinicalRecordSample(
                uuid: uuid, typeIdentifier: row["type"], identifier: row["identifier"], sourceName: row["source_name"],
                sourceURL: row["source_url"], fhirVersion: row["fhir_version"], receivedDate: row["received_date"],
                resourceFilePath: row["resource_file_path"], resourceType: row["resource_type"],
                resource: row["resource"])
            rowsByType[sample.typeIdentifier, default: []].append(sample)
        }
        // The records take anchors like any insert: running queries started after the upgrade see them as stored.
        // What the insert notes is left unread: this migration (v7) comes before the statistics aggregates (v9),
        // which build every type.
        var notesBeforeAggregates = StatisticsNotes()
        let outcome = try SampleInserter(db, policy: .skip).insert(
            rowsByType.values.flatMap { $0 }, parents: [], notes: &notesBeforeAggregates)
        anchor = max(anchor, outcome.change.anchor)
        try StoreAnchor.set(anchor, db)
    }

    /// Prescriptions kept verbatim become samples; one that does not read as a prescription stays as it was.
    func moveVisionPrescriptionsIntoSamples() throws {
        let rows = try Row.fetchAll(
            db,
            sql: "SELECT id, uuid, attributes, children FROM unrecognized_record WHERE element = 'VisionPrescription'")
        for row in rows {
            guard let uuid = UUID(blob: row["uuid"]),
                let sample = RecordsUpgrade.visionPrescriptionSample(
                    uuid: uuid, attributes: row["attributes"], children: row["children"])
            else { continue }
            var notesBeforeAggregates = StatisticsNotes()  // Unread, as above.
            _ = try SampleInserter(db, policy: .skip).insert([sample], parents: [], notes: &notesBeforeAggregates)
            try db.execute(sql: "DELETE FROM unrecognized_record WHERE id = ?", arguments: [row["id"] as Int64])
        }
    }
}
