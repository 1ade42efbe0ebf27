import Foundation
import GRDB
import GRDBSQLite
import OpenHealthKitEngine

extension SampleDetail {
    /// Stores the detail of the sample row `sampleID`, inside the caller's transaction (a save and an import alike).
    /// An electrocardiogram's symptoms are associated afterwards (``associateSymptoms(of:in:)``), once every sample of
    /// the batch is stored.
    func insert(sampleID: Int64, into db: Database) throws {
        switch self {
        case .quantitySeries(let series): try series.insert(sampleID: sampleID, into: db)
        case .heartbeatSeries(let series): try series.insert(sampleID: sampleID, into: db)
        case .electrocardiogram(let electrocardiogram): try electrocardiogram.insert(sampleID: sampleID, into: db)
        case .audiogram(let audiogram): try audiogram.insert(sampleID: sampleID, into: db)
        case .workoutRoute(let route):
            // Every location of the route names the route's UUID.
            let parents = Dictionary(
                route.locations.map { ($0.routeUUID, sampleID) }, uniquingKeysWith: { id, _ in id })
            _ = try ChildRowWriter(db).writeLocations(route.locations, parents: parents)
        case .clinicalRecord, .cdaDocument, .stateOfMind, .scoredAssessment, .medicationDoseEvent, .visionPrescription:
            try SampleDetailStore(db).insert(self, sampleID: sampleID)
        }
    }

    /// Associates a stored electrocardiogram with its symptom samples that are stored (other UUIDs are ignored).
    static func associateSymptoms(of electrocardiograms: [(id: Int64, symptoms: [UUID])], in db: Database) throws {
        guard !electrocardiograms.isEmpty else { return }
        let statement = try db.makeStatement(
            sql: """
                INSERT OR IGNORE INTO electrocardiogram_symptom (electrocardiogram_id, symptom_id)
                SELECT ?, id FROM sample WHERE uuid = ?
                """)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        for (id, symptoms) in electrocardiograms {
            for symptom in symptoms {
                binding.bind(id, at: 1)
                binding.bind(symptom, at: 2)
                try db.stepToDone(statement.sqliteStatement)
            }
        }
    }
}

extension QuantitySeriesRow {
    fileprivate func insert(sampleID: Int64, into db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO quantity_series (sample_id, count, minimum, maximum, most_recent, most_recent_start,
                                             most_recent_end)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [sampleID, count, minimum, maximum, mostRecent, mostRecentStart, mostRecentEnd])
        // A day of 1 Hz data is 86,400 rows: one prepared statement, bound without allocation.
        let statement = try db.makeStatement(
            sql: "INSERT INTO quantity_series_value (sample_id, start_date, end_date, value) VALUES (?, ?, ?, ?)")
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        for value in values {
            binding.bind(sampleID, at: 1)
            binding.bind(value.start, at: 2)
            binding.bind(value.end, at: 3)
            binding.bind(value.value, at: 4)
            try db.stepToDone(statement.sqliteStatement)
        }
    }
}

extension HeartbeatSeriesRow {
    fileprivate func insert(sampleID: Int64, into db: Database) throws {
        try db.execute(
            sql: "INSERT INTO heartbeat_series (sample_id, count) VALUES (?, ?)", arguments: [sampleID, count])
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO heartbeat_series_beat (sample_id, position, time_since_start, preceded_by_gap)
                VALUES (?, ?, ?, ?)
                """)
        let binding = SQLiteBinding(statement: statement.sqliteStatement)
        for (position, beat) in beats.enumerated() {
            binding.bind(sampleID, at: 1)
            binding.bind(Int64(position), at: 2)
            binding.bind(beat.timeSinceStart, at: 3)
            binding.bind(Int64(beat.precededByGap ? 1 : 0), at: 4)
            try db.stepToDone(statement.sqliteStatement)
        }
    }
}

extension ElectrocardiogramRow {
    fileprivate func insert(sampleID: Int64, into db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO electrocardiogram (sample_id, classification, symptoms_status, average_heart_rate,
                                               sampling_frequency, voltage_count)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [sampleID, classification, symptomsStatus, averageHeartRate, samplingFrequency, voltageCount])
        for lead in leads {
            try db.execute(
                sql: "INSERT INTO electrocardiogram_lead (sample_id, lead, microvolts) VALUES (?, ?, ?)",
                arguments: [sampleID, lead.lead, VoltageBlob.encode(lead.microvolts)])
        }
    }
}

extension AudiogramRow {
    fileprivate func insert(sampleID: Int64, into db: Database) throws {
        for point in points {
            try db.execute(
                sql: """
                    INSERT INTO audiogram_point (sample_id, position, frequency, left_ear, right_ear, attributes)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [sampleID, point.position, point.frequency, point.leftEar, point.rightEar, point.attributes])
        }
    }
}
