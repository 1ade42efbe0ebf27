import Foundation
import OpenHealthKitEngine
import PostgresNIO

extension Schema {
    /// Migration v7 (as the SQLite storage's): health records, documents, states of mind, assessments, medications and
    /// vision prescriptions. Each kind of sample keeps what it has beyond its `sample` row in its own table keyed by
    /// the user and `sample_id` (lists in child tables), deleted with its sample (ON DELETE CASCADE). Medications the
    /// owner tracks (not samples) and files attached to samples have tables of their own; an attachment's bytes live
    /// in the database.
    static let records = [
        """
        CREATE TABLE clinical_record_sample (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            resource_type text COLLATE "C" NOT NULL,
            identifier text COLLATE "C" NOT NULL,
            fhir_version text NOT NULL,
            source_url text,
            display_name text NOT NULL,
            resource text,
            resource_file_path text,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE INDEX clinical_record_sample_by_resource
            ON clinical_record_sample (user_id, resource_type, identifier)
        """,
        """
        CREATE TABLE cda_document (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            title text NOT NULL,
            patient_name text NOT NULL,
            author_name text NOT NULL,
            custodian_name text NOT NULL,
            document bytea NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE state_of_mind (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            kind bigint NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        // A state of mind's labels (facet 1) and associations (facet 2), in their order.
        """
        CREATE TABLE state_of_mind_term (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            facet bigint NOT NULL,
            position bigint NOT NULL,
            value bigint NOT NULL,
            PRIMARY KEY (user_id, sample_id, facet, position),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX state_of_mind_term_by_value ON state_of_mind_term (user_id, facet, value)",
        """
        CREATE TABLE scored_assessment (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            answers text NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE medication_dose_event (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            concept_code text COLLATE "C" NOT NULL,
            log_status bigint NOT NULL,
            schedule_type bigint NOT NULL,
            scheduled_date double precision,
            scheduled_dose_quantity double precision,
            unit text NOT NULL,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX medication_dose_event_by_concept ON medication_dose_event (user_id, concept_code)",
        """
        CREATE TABLE vision_prescription (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            prescription_type bigint NOT NULL,
            expiration_date double precision,
            brand text,
            PRIMARY KEY (user_id, sample_id),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        // One lens per eye: diopters, degrees, millimetres and prism diopters.
        """
        CREATE TABLE vision_lens (
            user_id bigint NOT NULL,
            sample_id bigint NOT NULL,
            eye bigint NOT NULL,
            sphere double precision NOT NULL,
            cylinder double precision, axis double precision, add_power double precision,
            vertex_distance double precision, prism_amount double precision, prism_angle double precision,
            prism_vertical_amount double precision, prism_vertical_base bigint,
            prism_horizontal_amount double precision, prism_horizontal_base bigint,
            far_pupillary_distance double precision, near_pupillary_distance double precision,
            base_curve double precision, diameter double precision,
            PRIMARY KEY (user_id, sample_id, eye),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE medication (
            user_id bigint NOT NULL,
            id bigserial NOT NULL,
            concept_code text COLLATE "C" NOT NULL,
            display_text text COLLATE "C" NOT NULL,
            general_form text NOT NULL,
            nickname text,
            is_archived boolean NOT NULL,
            has_schedule boolean NOT NULL,
            PRIMARY KEY (user_id, id),
            UNIQUE (user_id, concept_code)
        )
        """,
        """
        CREATE TABLE medication_coding (
            user_id bigint NOT NULL,
            medication_id bigint NOT NULL,
            position bigint NOT NULL,
            system text NOT NULL,
            version text,
            code text NOT NULL,
            PRIMARY KEY (user_id, medication_id, position),
            FOREIGN KEY (user_id, medication_id) REFERENCES medication (user_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE attachment (
            user_id bigint NOT NULL,
            id bigserial NOT NULL,
            uuid uuid NOT NULL,
            sample_id bigint NOT NULL,
            name text NOT NULL,
            content_type text NOT NULL,
            size bigint NOT NULL,
            creation_date double precision NOT NULL,
            metadata text,
            data bytea NOT NULL,
            PRIMARY KEY (user_id, id),
            UNIQUE (user_id, uuid),
            FOREIGN KEY (user_id, sample_id) REFERENCES sample (user_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE INDEX attachment_by_sample ON attachment (user_id, sample_id)",
    ]

    /// The second half of v7, after its tables exist: every user's v3 clinical records become samples
    /// (``RecordsUpgrade``), v3's `clinical_record` is dropped, and the vision prescriptions imports kept verbatim
    /// become prescriptions. The samples take anchors like any insert (under each user's anchor lock).
    static func moveRecordsIntoSamples(_ session: Session) throws {
        let catalog = TypeCatalog()
        let users = try session.query("SELECT id FROM health_user ORDER BY id").map { try $0.decode(Int64.self) }
        for user in users {
            var binds = Binds()
            let placeholder = binds.add(user)
            var samples = try session.query(
                """
                SELECT uuid, type, identifier, source_name, source_url, fhir_version, received_date, resource_file_path,
                       resource_type, resource
                FROM clinical_record WHERE user_id = \(placeholder) ORDER BY id
                """, binds.bindings
            ).map { row in
                var cells = Cells(row)
                return RecordsUpgrade.clinicalRecordSample(
                    uuid: try cells.next(), typeIdentifier: try cells.next(), identifier: try cells.next(),
                    sourceName: try cells.next(), sourceURL: try cells.next(), fhirVersion: try cells.next(),
                    receivedDate: try cells.next(), resourceFilePath: try cells.next(), resourceType: try cells.next(),
                    resource: try cells.next())
            }
            var movedPrescriptions: [Int64] = []
            for row in try session.query(
                """
                SELECT id, uuid, attributes, children FROM unrecognized_record
                WHERE user_id = \(placeholder) AND element = 'VisionPrescription' ORDER BY id
                """, binds.bindings)
            {
                var cells = Cells(row)
                let id: Int64 = try cells.next()
                guard
                    let sample = RecordsUpgrade.visionPrescriptionSample(
                        uuid: try cells.next(), attributes: try cells.next(), children: try cells.next())
                else { continue }
                samples.append(sample)
                movedPrescriptions.append(id)
            }
            guard !samples.isEmpty else { continue }
            let types = try catalog.ensure(Set(samples.map(\.typeIdentifier)), session)
            let write = AnchoredWrite(
                session: session, user: user, catalog: catalog, anchor: try StoreAnchor.lock(session, user: user))
            _ = try SampleInserter(write, types: types, policy: .skip).insert(samples, parents: [])
            try StoreAnchor.set(write.anchor, session, user: user)
            var remove = Binds()
            let owner = remove.add(user), ids = remove.add(movedPrescriptions)
            try session.execute(
                "DELETE FROM unrecognized_record WHERE user_id = \(owner) AND id = ANY(\(ids)::int8[])",
                remove.bindings)
        }
        try session.execute("DROP TABLE clinical_record")
    }
}
