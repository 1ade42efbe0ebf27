import Foundation
import GRDB
import OpenHealthKitEngine

extension WorkoutRow {
    /// Stores the workout's own columns for its sample row, for both the save and the import paths, then its
    /// activities, statistics and associated samples (a save's; an import brings its children in the batch).
    func insert(sampleID: Int64, uuid: UUID, into db: Database) throws {
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
        let children = ChildRowWriter(db)
        try children.writeWorkoutActivities(activities, parents: [uuid: sampleID])
        try children.writeWorkoutStatistics(statistics, parents: [uuid: sampleID])
        try WorkoutAssociations(db).associate(associatedSamples, withWorkoutID: sampleID)
    }
}
