import Foundation
import GRDB
@testable import OpenHealthKitSQLite

/// Every table of a store as sorted lines of text, with row ids and anchors left out and references to other rows
/// replaced by what they point at (a sample's type, source, revision, device and parent; a child's sample UUID), so
/// that two stores holding the same data compare equal whatever order they stored it in.
struct StoreSnapshot: Equatable, CustomStringConvertible {
    let tables: [String: [String]]

    /// Columns compared differently, or not at all, and why.
    private static let resolvedTables: [String: String] = [
        "sample": """
        SELECT hex(s.uuid), t.identifier, s.start_date, s.end_date, s.value, so.bundle_identifier, so.name, r.version,
               r.product_type, r.os_version, d.name, d.manufacturer, d.model, d.hardware_version, d.firmware_version,
               d.software_version, d.local_identifier, d.udi_device_identifier, s.metadata, s.sync_identifier,
               s.sync_version, hex(p.uuid)
        FROM sample s JOIN object_type t ON t.id = s.type_id JOIN source so ON so.id = s.source_id
        JOIN source_revision r ON r.id = s.source_revision_id LEFT JOIN device d ON d.id = s.device_id
        LEFT JOIN sample p ON p.id = s.correlation_id
        """,
        "workout": """
        SELECT hex(s.uuid), w.activity_type, w.total_energy_burned, w.total_distance, w.total_swimming_stroke_count,
               w.total_flights_climbed, w.events
        FROM workout w JOIN sample s ON s.id = w.sample_id
        """,
        "object_type":
            "SELECT identifier, max_duration FROM object_type WHERE id IN (SELECT type_id FROM sample UNION SELECT type_id FROM deleted_object)",
        "source": "SELECT bundle_identifier, name FROM source",
        "source_revision": """
        SELECT so.bundle_identifier, r.version, r.product_type, r.os_version FROM source_revision r JOIN source so ON so.id = r.source_id
        """,
        "device": """
        SELECT name, manufacturer, model, hardware_version, firmware_version, software_version, local_identifier,
               udi_device_identifier FROM device
        """,
        "deleted_object": """
        SELECT hex(x.uuid), t.identifier, so.bundle_identifier, x.sync_identifier, x.sync_version
        FROM deleted_object x JOIN object_type t ON t.id = x.type_id JOIN source so ON so.id = x.source_id
        """,
        "route_location": """
        SELECT hex(s.uuid), l.timestamp, l.latitude, l.longitude, l.altitude, l.horizontal_accuracy, l.vertical_accuracy,
               l.course, l.speed, l.course_accuracy, l.speed_accuracy
        FROM route_location l JOIN sample s ON s.id = l.sample_id
        """,
        "heartbeat": """
        SELECT hex(s.uuid), h.position, h.bpm, h.time_since_start, h.time_text FROM heartbeat h JOIN sample s ON s.id = h.sample_id
        """,
        "audiogram_point": """
        SELECT hex(s.uuid), a.position, a.frequency, a.left_ear, a.right_ear, a.attributes
        FROM audiogram_point a JOIN sample s ON s.id = a.sample_id
        """,
        "workout_statistics": """
        SELECT hex(s.uuid), hex(w.activity_uuid), w.type, w.start_date, w.end_date, w.average, w.minimum, w.maximum, w.sum, w.unit
        FROM workout_statistics w JOIN sample s ON s.id = w.sample_id
        """,
        "workout_activity": """
        SELECT hex(s.uuid), hex(a.uuid), a.start_date, a.end_date, a.duration, a.metadata, a.events
        FROM workout_activity a JOIN sample s ON s.id = a.sample_id
        """,
        // export_date records which export a day came from: an export imported again is a later export.
        "activity_summary": """
        SELECT date, active_energy_burned, active_energy_burned_goal, apple_move_time, apple_move_time_goal,
               apple_exercise_time, apple_exercise_time_goal, apple_stand_hours, apple_stand_hours_goal FROM activity_summary
        """,
        "clinical_record_sample": """
        SELECT hex(s.uuid), c.resource_type, c.identifier, c.fhir_version, c.source_url, c.display_name, c.resource,
               c.resource_file_path FROM clinical_record_sample c JOIN sample s ON s.id = c.sample_id
        """,
        "cda_document": """
        SELECT hex(s.uuid), c.title, c.patient_name, c.author_name, c.custodian_name, c.document
        FROM cda_document c JOIN sample s ON s.id = c.sample_id
        """,
        "state_of_mind": "SELECT hex(s.uuid), m.kind FROM state_of_mind m JOIN sample s ON s.id = m.sample_id",
        "state_of_mind_term": """
        SELECT hex(s.uuid), m.facet, m.position, m.value FROM state_of_mind_term m JOIN sample s ON s.id = m.sample_id
        """,
        "scored_assessment":
            "SELECT hex(s.uuid), a.answers FROM scored_assessment a JOIN sample s ON s.id = a.sample_id",
        "medication_dose_event": """
        SELECT hex(s.uuid), m.concept_code, m.log_status, m.schedule_type, m.scheduled_date, m.scheduled_dose_quantity,
               m.unit FROM medication_dose_event m JOIN sample s ON s.id = m.sample_id
        """,
        "vision_prescription": """
        SELECT hex(s.uuid), v.prescription_type, v.expiration_date, v.brand
        FROM vision_prescription v JOIN sample s ON s.id = v.sample_id
        """,
        "vision_lens": """
        SELECT hex(s.uuid), l.eye, l.sphere, l.cylinder, l.axis, l.add_power, l.vertex_distance, l.prism_amount,
               l.prism_angle, l.prism_vertical_amount, l.prism_vertical_base, l.prism_horizontal_amount,
               l.prism_horizontal_base, l.far_pupillary_distance, l.near_pupillary_distance, l.base_curve, l.diameter
        FROM vision_lens l JOIN sample s ON s.id = l.sample_id
        """,
        "medication": """
        SELECT concept_code, display_text, general_form, nickname, is_archived, has_schedule FROM medication
        """,
        "medication_coding": """
        SELECT m.concept_code, c.position, c.system, c.version, c.code
        FROM medication_coding c JOIN medication m ON m.id = c.medication_id
        """,
        "attachment": """
        SELECT hex(a.uuid), hex(s.uuid), a.name, a.content_type, a.size, a.creation_date, a.metadata, hex(a.data)
        FROM attachment a JOIN sample s ON s.id = a.sample_id
        """,
        "unrecognized_record": """
        SELECT hex(uuid), element, type, start_date, end_date, source_name, attributes, children FROM unrecognized_record
        """,
        "quantity_series": """
        SELECT hex(s.uuid), q.count, q.minimum, q.maximum, q.most_recent, q.most_recent_start, q.most_recent_end
        FROM quantity_series q JOIN sample s ON s.id = q.sample_id
        """,
        "quantity_series_value": """
        SELECT hex(s.uuid), v.start_date, v.end_date, v.value FROM quantity_series_value v JOIN sample s ON s.id = v.sample_id
        """,
        "heartbeat_series": "SELECT hex(s.uuid), h.count FROM heartbeat_series h JOIN sample s ON s.id = h.sample_id",
        "heartbeat_series_beat": """
        SELECT hex(s.uuid), b.position, b.time_since_start, b.preceded_by_gap
        FROM heartbeat_series_beat b JOIN sample s ON s.id = b.sample_id
        """,
        "electrocardiogram": """
        SELECT hex(s.uuid), e.classification, e.symptoms_status, e.average_heart_rate, e.sampling_frequency, e.voltage_count
        FROM electrocardiogram e JOIN sample s ON s.id = e.sample_id
        """,
        "electrocardiogram_lead": """
        SELECT hex(s.uuid), l.lead, hex(l.microvolts) FROM electrocardiogram_lead l JOIN sample s ON s.id = l.sample_id
        """,
        "electrocardiogram_symptom": """
        SELECT hex(e.uuid), hex(s.uuid) FROM electrocardiogram_symptom x
        JOIN sample e ON e.id = x.electrocardiogram_id JOIN sample s ON s.id = x.symptom_id
        """,
        // The anchor is the store's change counter.
        "store_anchor": "SELECT 1",
    ]

    init(_ storage: SQLiteStorage) throws {
        tables = try storage.writer.read { db in
            let names = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'"
            )
            var tables: [String: [String]] = [:]
            for name in names {
                let sql = Self.resolvedTables[name] ?? "SELECT * FROM \(name)"
                tables[name] = try Row.fetchAll(db, sql: sql).map(Self.line).sorted()
            }
            return tables
        }
    }

    private static func line(_ row: Row) -> String {
        row.databaseValues.map { value -> String in
            switch value.storage {
            case .null: "∅"
            case .int64(let integer): String(integer)
            case .double(let double): "\(double)"
            case .string(let string): string.debugDescription
            case .blob(let data): data.map { String(format: "%02X", $0) }.joined()
            }
        }.joined(separator: " | ")
    }

    var description: String {
        tables.keys.sorted().map { "\($0): \(tables[$0]!.count) rows" }.joined(separator: ", ")
    }

    /// The lines only one of the two snapshots has, by table (empty when they are equal).
    func differences(from other: StoreSnapshot) -> [String: (onlyHere: [String], onlyThere: [String])] {
        var differences: [String: (onlyHere: [String], onlyThere: [String])] = [:]
        for name in Set(tables.keys).union(other.tables.keys) {
            let here = tables[name] ?? []
            let there = other.tables[name] ?? []
            guard here != there else { continue }
            differences[name] = (here.filter { !there.contains($0) }, there.filter { !here.contains($0) })
        }
        return differences
    }
}
