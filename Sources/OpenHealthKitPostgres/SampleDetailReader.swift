import Foundation
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// Reads the ``SampleDetail``s of rows read together (a fetch, a cursor's batch, an export's batch): one statement per
/// kind present among them, never one per sample. A quantity series' summary comes with its row (``RowReader`` joins
/// it); the bulk points are never read here (``PostgresStorage``'s ``SampleDetailStorage`` methods read them).
struct SampleDetailReader {
    let session: Session
    let user: Int64

    /// Whether rows of these types may carry a detail this reader reads (an empty list is every type).
    static func mayHaveDetails(_ typeIdentifiers: [String]) -> Bool {
        typeIdentifiers.isEmpty
            || typeIdentifiers.contains {
                SampleDetail.isRecordingType($0) || SampleDetailKind(typeIdentifier: $0) != nil
            }
    }

    /// Fills in the details of `rows` (whose sample row ids are `ids`, in the same order); a CDA document's XML only
    /// when `documentData`.
    func fill(_ rows: inout [SampleRow], ids: [Int64], documentData: Bool) throws {
        var byType: [String: [Int]] = [:]
        for index in rows.indices where rows[index].detail == nil {
            let type = rows[index].typeIdentifier
            if SampleDetail.isRecordingType(type) || SampleDetailKind(typeIdentifier: type) != nil {
                byType[Self.group(type), default: []].append(index)
            }
        }
        for (group, indices) in byType {
            let uuids = Dictionary(uniqueKeysWithValues: indices.map { (ids[$0], rows[$0].uuid) })
            let details = try read(group, ids: indices.map { ids[$0] }, uuids: uuids, documentData: documentData)
            for index in indices { rows[index].detail = details[ids[index]] }
        }
    }

    /// The clinical types share one group: their detail is the same table's.
    private static func group(_ type: String) -> String {
        SampleDetailKind(typeIdentifier: type) == .clinicalRecord ? "clinical" : type
    }

    private func read(_ group: String, ids: [Int64], uuids: [Int64: UUID], documentData: Bool) throws
        -> [Int64: SampleDetail]
    {
        switch group {
        case HKDataTypeIdentifierHeartbeatSeries:
            return try rows("SELECT sample_id, count FROM heartbeat_series", ids) { cells in
                .heartbeatSeries(HeartbeatSeriesRow(count: Int(try cells.next(Int64.self))))
            }
        case SampleDetail.electrocardiogramTypeIdentifier:
            return try rows(
                """
                SELECT sample_id, classification, symptoms_status, average_heart_rate, sampling_frequency, voltage_count
                FROM electrocardiogram
                """, ids
            ) { cells in
                .electrocardiogram(
                    ElectrocardiogramRow(
                        classification: Int(try cells.next(Int64.self)),
                        symptomsStatus: Int(try cells.next(Int64.self)),
                        averageHeartRate: try cells.next(), samplingFrequency: try cells.next(),
                        voltageCount: Int(try cells.next(Int64.self))))
            }
        case SampleDetail.audiogramTypeIdentifier:
            // Every audiogram has its detail, points or none (as the SQLite storage reads it).
            var points: [Int64: [AudiogramPointRow]] = [:]
            for row in try select(
                "SELECT sample_id, position, frequency, left_ear, right_ear, attributes FROM audiogram_point", ids,
                order: ", position")
            {
                var cells = Cells(row)
                let id: Int64 = try cells.next()
                points[id, default: []].append(
                    AudiogramPointRow(
                        sampleUUID: uuids[id]!, position: Int(try cells.next(Int64.self)), frequency: try cells.next(),
                        leftEar: try cells.next(), rightEar: try cells.next(), attributes: try cells.next()))
            }
            return Dictionary(
                uniqueKeysWithValues: ids.map { ($0, .audiogram(AudiogramRow(points: points[$0] ?? []))) })
        case HKWorkoutRouteTypeIdentifier:
            // Every route has its detail: the number of its locations (read a page at a time apart).
            var counts: [Int64: Int] = [:]
            for row in try select(
                "SELECT sample_id, count(*) FROM route_location", ids, order: "", groupBy: " GROUP BY sample_id")
            {
                let (id, count) = try row.decode((Int64, Int64).self)
                counts[id] = Int(count)
            }
            return Dictionary(
                uniqueKeysWithValues: ids.map { ($0, .workoutRoute(WorkoutRouteRow(locationCount: counts[$0] ?? 0))) })
        default:
            return try records(group, ids: ids, documentData: documentData)
        }
    }

    private func records(_ group: String, ids: [Int64], documentData: Bool) throws -> [Int64: SampleDetail] {
        let kind = group == "clinical" ? .clinicalRecord : SampleDetailKind(typeIdentifier: group)
        switch kind {
        case .clinicalRecord?:
            return try rows(
                """
                SELECT sample_id, resource_type, identifier, fhir_version, source_url, display_name, resource,
                       resource_file_path
                FROM clinical_record_sample
                """, ids
            ) { cells in
                .clinicalRecord(
                    ClinicalRecordRow(
                        resourceType: try cells.next(), identifier: try cells.next(), fhirVersion: try cells.next(),
                        sourceURL: try cells.next(), displayName: try cells.next(), resource: try cells.next(),
                        resourceFilePath: try cells.next()))
            }
        case .cdaDocument?:
            let document = documentData ? "document" : "NULL::bytea"
            return try rows(
                "SELECT sample_id, title, patient_name, author_name, custodian_name, \(document) FROM cda_document", ids
            ) { cells in
                .cdaDocument(
                    CDADocumentRow(
                        title: try cells.next(), patientName: try cells.next(), authorName: try cells.next(),
                        custodianName: try cells.next(),
                        document: try cells.next(ByteBuffer?.self).map { Data($0.readableBytesView) }))
            }
        case .stateOfMind?:
            var states = try rows("SELECT sample_id, kind FROM state_of_mind", ids) { cells in
                StateOfMindRow(kind: Int(try cells.next(Int64.self)), labels: [], associations: [])
            }
            for row in try select(
                "SELECT sample_id, facet, value FROM state_of_mind_term", ids, order: ", facet, position")
            {
                let (id, facet, value) = try row.decode((Int64, Int64, Int64).self)
                if facet == 1 {
                    states[id]?.labels.append(Int(value))
                } else {
                    states[id]?.associations.append(Int(value))
                }
            }
            return states.mapValues { .stateOfMind($0) }
        case .scoredAssessment?:
            return try rows("SELECT sample_id, answers FROM scored_assessment", ids) { cells in
                .scoredAssessment(ScoredAssessmentRow(answersText: try cells.next()))
            }
        case .medicationDoseEvent?:
            return try rows(
                """
                SELECT sample_id, concept_code, log_status, schedule_type, scheduled_date, scheduled_dose_quantity, unit
                FROM medication_dose_event
                """, ids
            ) { cells in
                .medicationDoseEvent(
                    MedicationDoseEventRow(
                        conceptCode: try cells.next(), logStatus: Int(try cells.next(Int64.self)),
                        scheduleType: Int(try cells.next(Int64.self)), scheduledDate: try cells.next(),
                        scheduledDoseQuantity: try cells.next(), unit: try cells.next()))
            }
        case .visionPrescription?:
            var prescriptions = try rows(
                "SELECT sample_id, prescription_type, expiration_date, brand FROM vision_prescription", ids
            ) { cells in
                VisionPrescriptionRow(
                    prescriptionType: Int(try cells.next(Int64.self)), expirationDate: try cells.next(),
                    brand: try cells.next(), lenses: [])
            }
            let columns = (VisionLensColumns.numbers.map(\.0) + VisionLensColumns.bases.map(\.0)).joined(
                separator: ", ")
            // The right eye's lens first, as exports list them (HKVisionEye: left 1, right 2).
            for row in try select(
                "SELECT sample_id, eye, sphere, \(columns) FROM vision_lens", ids, order: ", eye DESC")
            {
                var cells = Cells(row)
                let id: Int64 = try cells.next()
                var lens = VisionLensRow(eye: Int(try cells.next(Int64.self)), sphere: try cells.next())
                for (_, path) in VisionLensColumns.numbers { lens[keyPath: path] = try cells.next() }
                for (_, path) in VisionLensColumns.bases {
                    lens[keyPath: path] = try cells.next(Int64?.self).map(Int.init)
                }
                prescriptions[id]?.lenses.append(lens)
            }
            return prescriptions.mapValues { .visionPrescription($0) }
        case nil:
            return [:]
        }
    }

    /// The rows of `select` (a `SELECT sample_id, ... FROM table`) for these samples (grouped by `groupBy`), by sample
    /// (then `order`).
    private func select(_ select: String, _ ids: [Int64], order: String = "", groupBy: String = "") throws
        -> [PostgresRow]
    {
        var binds = Binds()
        let user = binds.add(user), list = binds.array(ids)
        return try session.query(
            select + " WHERE user_id = \(user) AND sample_id = ANY(\(list))\(groupBy) ORDER BY sample_id\(order)",
            binds.bindings)
    }

    /// One value per sample, made by `make` from the cells after `sample_id`.
    private func rows<Value>(_ sql: String, _ ids: [Int64], _ make: (inout Cells) throws -> Value) throws
        -> [Int64: Value]
    {
        var values: [Int64: Value] = [:]
        for row in try select(sql, ids) {
            var cells = Cells(row)
            let id: Int64 = try cells.next()
            values[id] = try make(&cells)
        }
        return values
    }
}
