import Foundation
import GRDB
import OpenHealthKitEngine

/// The samples associated with workouts (`workout_sample`), inside the caller's transaction.
struct WorkoutAssociations {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// Associates the stored samples with these UUIDs with the workout row `workoutID`; a UUID not stored is
    /// ``StorageError/notFound(_:)``. An association made before is kept as it is.
    func associate(_ samples: [UUID], withWorkoutID workoutID: Int64) throws {
        guard !samples.isEmpty else { return }
        let statement = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO workout_sample (workout_id, sample_id) SELECT ?, id FROM sample WHERE uuid = ?")
        for sample in samples {
            try statement.execute(arguments: [workoutID, sample.blob])
            if db.changesCount == 0,
                try Bool.fetchOne(db, sql: "SELECT 1 FROM sample WHERE uuid = ?", arguments: [sample.blob]) != true
            {
                throw StorageError.notFound(sample)
            }
        }
    }

    /// The row id of the stored workout with this UUID; ``StorageError/notFound(_:)`` when no workout has it.
    func workoutID(_ uuid: UUID) throws -> Int64 {
        guard
            let id = try Int64.fetchOne(
                db, sql: "SELECT s.id FROM sample s JOIN workout w ON w.sample_id = s.id WHERE s.uuid = ?",
                arguments: [uuid.blob])
        else { throw StorageError.notFound(uuid) }
        return id
    }

    /// The row id of the stored sample with this UUID; ``StorageError/notFound(_:)`` when none has it.
    func sampleID(_ uuid: UUID) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM sample WHERE uuid = ?", arguments: [uuid.blob])
        else { throw StorageError.notFound(uuid) }
        return id
    }
}
