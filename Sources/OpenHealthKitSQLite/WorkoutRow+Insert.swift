import GRDB
import OpenHealthKitEngine

extension WorkoutRow {
    /// Stores the workout's own columns for its sample row, for both the save and the import paths.
    func insert(sampleID: Int64, into db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO workout (sample_id, activity_type, total_energy_burned, total_distance,
                                     total_swimming_stroke_count, total_flights_climbed, events)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                sampleID, Int64(activityType), totalEnergyBurned, totalDistance,
                totalSwimmingStrokeCount, totalFlightsClimbed, events,
            ])
    }
}
