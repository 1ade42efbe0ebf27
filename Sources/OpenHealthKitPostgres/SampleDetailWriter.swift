import Foundation
import NIOCore
import OpenHealthKitEngine
import PostgresNIO

/// Writes the ``SampleDetail``s of the samples a batch stored, inside its ``AnchoredWrite``: every kind's rows in one
/// `INSERT ... SELECT FROM unnest(...)` per table for the whole batch (a series' quantities, a heartbeat series'
/// beats, an electrocardiogram's leads and a route's locations too: no statement per sample or per point), then the electrocardiograms'
/// symptoms, once every sample of the batch is stored. The SQLite storage writes the same rows
/// (`SampleDetail+Insert.swift`, `SampleDetailStore`).
struct SampleDetailWriter {
    let write: AnchoredWrite

    /// The most rows one statement binds: a batch of long series is written in statements of at most this many
    /// quantities, so that no message grows without bound.
    static let rowsPerStatement = 100_000

    /// Writes the details of the stored samples with these row ids.
    func write(_ details: [(id: Int64, detail: SampleDetail)]) throws {
        guard !details.isEmpty else { return }
        var series: [(id: Int64, row: QuantitySeriesRow)] = []
        var heartbeats: [(id: Int64, row: HeartbeatSeriesRow)] = []
        var electrocardiograms: [(id: Int64, row: ElectrocardiogramRow)] = []
        var audiograms: [(id: Int64, row: AudiogramRow)] = []
        var locations: [(parent: Int64, row: RouteLocationRow)] = []
        var records: [(id: Int64, row: ClinicalRecordRow)] = []
        var documents: [(id: Int64, row: CDADocumentRow)] = []
        var minds: [(id: Int64, row: StateOfMindRow)] = []
        var assessments: [(id: Int64, row: ScoredAssessmentRow)] = []
        var doses: [(id: Int64, row: MedicationDoseEventRow)] = []
        var prescriptions: [(id: Int64, row: VisionPrescriptionRow)] = []
        for (id, detail) in details {
            switch detail {
            case .quantitySeries(let row): series.append((id, row))
            case .heartbeatSeries(let row): heartbeats.append((id, row))
            case .electrocardiogram(let row): electrocardiograms.append((id, row))
            case .audiogram(let row): audiograms.append((id, row))
            case .workoutRoute(let route): locations += route.locations.map { (id, $0) }
            case .clinicalRecord(let row): records.append((id, row))
            case .cdaDocument(let row): documents.append((id, row))
            case .stateOfMind(let row): minds.append((id, row))
            case .scoredAssessment(let row): assessments.append((id, row))
            case .medicationDoseEvent(let row): doses.append((id, row))
            case .visionPrescription(let row): prescriptions.append((id, row))
            }
        }
        try writeSeries(series)
        try writeHeartbeatSeries(heartbeats)
        try writeElectrocardiograms(electrocardiograms)
        try writeAudiograms(audiograms)
        try ChildRowWriter(write: write).writeLocations(locations)
        try writeClinicalRecords(records)
        try writeDocuments(documents)
        try writeStatesOfMind(minds)
        try writeAssessments(assessments)
        try writeDoseEvents(doses)
        try writePrescriptions(prescriptions)
    }

    /// Runs `insert` for `rows` in statements of at most ``rowsPerStatement`` rows.
    private func inChunks<Row>(_ rows: [Row], into table: String, _ fill: (inout BulkInsert, ArraySlice<Row>) -> Void)
        throws
    {
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(rows.count, start + Self.rowsPerStatement)]
            var insert = BulkInsert(user: write.user)
            fill(&insert, chunk)
            try insert.run(into: table, write.session)
            start = chunk.endIndex
        }
    }

    // MARK: Series and recordings (v6)

    private func writeSeries(_ series: [(id: Int64, row: QuantitySeriesRow)]) throws {
        guard !series.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", series.map(\.id))
        insert.column("count", series.map { Int64($0.row.count) })
        let numbers: [(String, KeyPath<QuantitySeriesRow, Double>)] = [
            ("minimum", \.minimum), ("maximum", \.maximum), ("most_recent", \.mostRecent),
            ("most_recent_start", \.mostRecentStart), ("most_recent_end", \.mostRecentEnd),
        ]
        for (name, path) in numbers { insert.column(name, series.map { $0.row[keyPath: path] }) }
        try insert.run(into: "quantity_series", write.session)
        let values = series.flatMap { entry in entry.row.values.map { (id: entry.id, value: $0) } }
        try inChunks(values, into: "quantity_series_value") { insert, chunk in
            insert.column("sample_id", chunk.map(\.id))
            insert.column("start_date", chunk.map(\.value.start))
            insert.column("end_date", chunk.map(\.value.end))
            insert.column("value", chunk.map(\.value.value))
        }
    }

    private func writeHeartbeatSeries(_ series: [(id: Int64, row: HeartbeatSeriesRow)]) throws {
        guard !series.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", series.map(\.id))
        insert.column("count", series.map { Int64($0.row.count) })
        try insert.run(into: "heartbeat_series", write.session)
        let beats = series.flatMap { entry in
            entry.row.beats.enumerated().map { (id: entry.id, position: Int64($0.offset), beat: $0.element) }
        }
        try inChunks(beats, into: "heartbeat_series_beat") { insert, chunk in
            insert.column("sample_id", chunk.map(\.id))
            insert.column("position", chunk.map(\.position))
            insert.column("time_since_start", chunk.map(\.beat.timeSinceStart))
            insert.column("preceded_by_gap", chunk.map(\.beat.precededByGap))
        }
    }

    private func writeElectrocardiograms(_ recordings: [(id: Int64, row: ElectrocardiogramRow)]) throws {
        guard !recordings.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", recordings.map(\.id))
        insert.column("classification", recordings.map { Int64($0.row.classification) })
        insert.column("symptoms_status", recordings.map { Int64($0.row.symptomsStatus) })
        insert.column("average_heart_rate", recordings.map(\.row.averageHeartRate))
        insert.column("sampling_frequency", recordings.map(\.row.samplingFrequency))
        insert.column("voltage_count", recordings.map { Int64($0.row.voltageCount) })
        try insert.run(into: "electrocardiogram", write.session)
        let leads = recordings.flatMap { entry in entry.row.leads.map { (id: entry.id, lead: $0) } }
        if !leads.isEmpty {
            var insert = BulkInsert(user: write.user)
            insert.column("sample_id", leads.map(\.id))
            insert.column("lead", leads.map { Int64($0.lead.lead) })
            insert.column("microvolts", leads.map { ByteBuffer(bytes: VoltageBlob.encode($0.lead.microvolts)) })
            try insert.run(into: "electrocardiogram_lead", write.session)
        }
        // The symptoms stored (in this batch or before it); other UUIDs are ignored, as SQLite ignores them.
        let symptoms = recordings.flatMap { entry in entry.row.symptoms.map { (id: entry.id, uuid: $0) } }
        guard !symptoms.isEmpty else { return }
        var binds = Binds()
        let user = binds.add(write.user), ids = binds.array(symptoms.map(\.id))
        let uuids = binds.array(symptoms.map(\.uuid))
        try write.session.execute(
            """
            INSERT INTO electrocardiogram_symptom (user_id, electrocardiogram_id, symptom_id)
            SELECT \(user), a.id, s.id FROM unnest(\(ids), \(uuids)) AS a(id, uuid)
            JOIN sample s ON s.user_id = \(user) AND s.uuid = a.uuid
            ON CONFLICT DO NOTHING
            """, binds.bindings)
    }

    private func writeAudiograms(_ audiograms: [(id: Int64, row: AudiogramRow)]) throws {
        let points = audiograms.flatMap { entry in entry.row.points.map { (id: entry.id, point: $0) } }
        guard !points.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", points.map(\.id))
        insert.column("position", points.map { Int64($0.point.position) })
        insert.column("frequency", points.map(\.point.frequency))
        insert.column("left_ear", points.map(\.point.leftEar))
        insert.column("right_ear", points.map(\.point.rightEar))
        insert.column("attributes", points.map(\.point.attributes))
        try insert.run(into: "audiogram_point", write.session, then: "ON CONFLICT DO NOTHING")
    }

    // MARK: Records, documents, minds, assessments, doses, prescriptions (v7)

    private func writeClinicalRecords(_ records: [(id: Int64, row: ClinicalRecordRow)]) throws {
        guard !records.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", records.map(\.id))
        insert.column("resource_type", records.map(\.row.resourceType))
        insert.column("identifier", records.map(\.row.identifier))
        insert.column("fhir_version", records.map(\.row.fhirVersion))
        insert.column("source_url", records.map(\.row.sourceURL))
        insert.column("display_name", records.map(\.row.displayName))
        insert.column("resource", records.map(\.row.resource))
        insert.column("resource_file_path", records.map(\.row.resourceFilePath))
        try insert.run(into: "clinical_record_sample", write.session)
    }

    private func writeDocuments(_ documents: [(id: Int64, row: CDADocumentRow)]) throws {
        guard !documents.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", documents.map(\.id))
        insert.column("title", documents.map(\.row.title))
        insert.column("patient_name", documents.map(\.row.patientName))
        insert.column("author_name", documents.map(\.row.authorName))
        insert.column("custodian_name", documents.map(\.row.custodianName))
        insert.column("document", documents.map { ByteBuffer(bytes: $0.row.document ?? Data()) })
        try insert.run(into: "cda_document", write.session)
    }

    private func writeStatesOfMind(_ minds: [(id: Int64, row: StateOfMindRow)]) throws {
        guard !minds.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", minds.map(\.id))
        insert.column("kind", minds.map { Int64($0.row.kind) })
        try insert.run(into: "state_of_mind", write.session)
        let terms = minds.flatMap { entry in
            [(Int64(1), entry.row.labels), (Int64(2), entry.row.associations)].flatMap { facet, values in
                values.enumerated().map {
                    (id: entry.id, facet: facet, position: Int64($0.offset), value: Int64($0.element))
                }
            }
        }
        guard !terms.isEmpty else { return }
        var termInsert = BulkInsert(user: write.user)
        termInsert.column("sample_id", terms.map(\.id))
        termInsert.column("facet", terms.map(\.facet))
        termInsert.column("position", terms.map(\.position))
        termInsert.column("value", terms.map(\.value))
        try termInsert.run(into: "state_of_mind_term", write.session)
    }

    private func writeAssessments(_ assessments: [(id: Int64, row: ScoredAssessmentRow)]) throws {
        guard !assessments.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", assessments.map(\.id))
        insert.column("answers", assessments.map(\.row.answersText))
        try insert.run(into: "scored_assessment", write.session)
    }

    private func writeDoseEvents(_ doses: [(id: Int64, row: MedicationDoseEventRow)]) throws {
        guard !doses.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", doses.map(\.id))
        insert.column("concept_code", doses.map(\.row.conceptCode))
        insert.column("log_status", doses.map { Int64($0.row.logStatus) })
        insert.column("schedule_type", doses.map { Int64($0.row.scheduleType) })
        insert.column("scheduled_date", doses.map(\.row.scheduledDate))
        insert.column("scheduled_dose_quantity", doses.map(\.row.scheduledDoseQuantity))
        insert.column("unit", doses.map(\.row.unit))
        try insert.run(into: "medication_dose_event", write.session)
    }

    private func writePrescriptions(_ prescriptions: [(id: Int64, row: VisionPrescriptionRow)]) throws {
        guard !prescriptions.isEmpty else { return }
        var insert = BulkInsert(user: write.user)
        insert.column("sample_id", prescriptions.map(\.id))
        insert.column("prescription_type", prescriptions.map { Int64($0.row.prescriptionType) })
        insert.column("expiration_date", prescriptions.map(\.row.expirationDate))
        insert.column("brand", prescriptions.map(\.row.brand))
        try insert.run(into: "vision_prescription", write.session)
        let lenses = prescriptions.flatMap { entry in entry.row.lenses.map { (id: entry.id, lens: $0) } }
        guard !lenses.isEmpty else { return }
        var lensInsert = BulkInsert(user: write.user)
        lensInsert.column("sample_id", lenses.map(\.id))
        lensInsert.column("eye", lenses.map { Int64($0.lens.eye) })
        lensInsert.column("sphere", lenses.map(\.lens.sphere))
        for (name, path) in VisionLensColumns.numbers { lensInsert.column(name, lenses.map { $0.lens[keyPath: path] }) }
        for (name, path) in VisionLensColumns.bases {
            lensInsert.column(name, lenses.map { $0.lens[keyPath: path].map(Int64.init) })
        }
        try lensInsert.run(into: "vision_lens", write.session)
    }
}

/// The columns of `vision_lens` beyond its key, eye and sphere: written and read in this order.
enum VisionLensColumns {
    static var numbers: [(String, WritableKeyPath<VisionLensRow, Double?>)] {
        [
            ("cylinder", \.cylinder), ("axis", \.axis), ("add_power", \.addPower),
            ("vertex_distance", \.vertexDistance),
            ("prism_amount", \.prismAmount), ("prism_angle", \.prismAngle),
            ("prism_vertical_amount", \.prismVerticalAmount), ("prism_horizontal_amount", \.prismHorizontalAmount),
            ("far_pupillary_distance", \.farPupillaryDistance), ("near_pupillary_distance", \.nearPupillaryDistance),
            ("base_curve", \.baseCurve), ("diameter", \.diameter),
        ]
    }
    static var bases: [(String, WritableKeyPath<VisionLensRow, Int?>)] {
        [("prism_vertical_base", \.prismVerticalBase), ("prism_horizontal_base", \.prismHorizontalBase)]
    }
}
