import Foundation
import OpenHealthKitEngine
import PostgresNIO

/// The samples associated with workouts (`workout_sample`) and the row ids workouts' calls look up, inside the
/// caller's transaction, on one user's rows.
struct WorkoutAssociations {
    let session: Session
    let user: Int64

    /// Associates the stored samples with these UUIDs with the workout rows given, in one statement; a UUID not
    /// stored is ``StorageError/notFound(_:)`` (the first of them, in order) and nothing is associated. An association
    /// made before is kept as it is.
    func associate(_ pairs: [(workout: Int64, sample: UUID)]) throws {
        guard !pairs.isEmpty else { return }
        var binds = Binds()
        let user = binds.add(user), uuids = binds.array(pairs.map(\.sample))
        let missing = Set(
            try session.query(
                """
                SELECT a.uuid FROM unnest(\(uuids)) AS a(uuid)
                WHERE NOT EXISTS (SELECT 1 FROM sample s WHERE s.user_id = \(user) AND s.uuid = a.uuid)
                """, binds.bindings
            ).map { try $0.decode(UUID.self) })
        if let first = pairs.first(where: { missing.contains($0.sample) }) {
            throw StorageError.notFound(first.sample)
        }
        let workouts = binds.array(pairs.map(\.workout))
        try session.execute(
            """
            INSERT INTO workout_sample (user_id, workout_id, sample_id)
            SELECT \(user), a.workout_id, s.id FROM unnest(\(workouts), \(uuids)) AS a(workout_id, uuid)
            JOIN sample s ON s.user_id = \(user) AND s.uuid = a.uuid
            ON CONFLICT DO NOTHING
            """, binds.bindings)
    }

    /// The row id of the stored workout with this UUID; ``StorageError/notFound(_:)`` when no workout has it.
    func workoutID(_ uuid: UUID) throws -> Int64 {
        var binds = Binds()
        let user = binds.add(user), value = binds.add(uuid)
        guard
            let id = try session.query(
                """
                SELECT s.id FROM sample s JOIN workout w ON w.user_id = s.user_id AND w.sample_id = s.id
                WHERE s.user_id = \(user) AND s.uuid = \(value)
                """, binds.bindings
            ).first?.decode(Int64.self)
        else { throw StorageError.notFound(uuid) }
        return id
    }

    /// The row id of the stored sample with this UUID; ``StorageError/notFound(_:)`` when none has it.
    func sampleID(_ uuid: UUID) throws -> Int64 {
        guard let id = try PostgresSampleLookup.ids(of: [uuid], user: user, session)[uuid] else {
            throw StorageError.notFound(uuid)
        }
        return id
    }
}
