import Foundation
import GRDB
import OpenHealthKitEngine
import OpenHealthKitModel

/// Reads the details of samples of the kinds that keep them in tables of their own (heartbeat series,
/// electrocardiograms, audiograms, workout routes) on the reader's connection, with cached statements. A quantity series' summary comes
/// with the sample row itself (``RowReader`` joins it); bulk points are never read here (``SampleDetailStorage``).
struct SampleDetailReader {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The detail of the sample row `id` (of this UUID and type); nil when it has none.
    func detail(ofSample id: Int64, uuid: UUID, type typeIdentifier: String) throws -> SampleDetail? {
        switch typeIdentifier {
        case HKDataTypeIdentifierHeartbeatSeries:
            let count = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count FROM heartbeat_series WHERE sample_id = ?"), arguments: [id])
            return count.map { .heartbeatSeries(HeartbeatSeriesRow(count: $0)) }
        case SampleDetail.electrocardiogramTypeIdentifier:
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT classification, symptoms_status, average_heart_rate, sampling_frequency, voltage_count
                        FROM electrocardiogram WHERE sample_id = ?
                        """), arguments: [id])
            return row.map {
                .electrocardiogram(
                    ElectrocardiogramRow(
                        classification: $0[0], symptomsStatus: $0[1], averageHeartRate: $0[2],
                        samplingFrequency: $0[3], voltageCount: $0[4]))
            }
        case SampleDetail.audiogramTypeIdentifier:
            return .audiogram(AudiogramRow(points: try audiogramPoints(ofSample: id, uuid: uuid)))
        case HKWorkoutRouteTypeIdentifier:
            let count = try Int.fetchOne(
                db.cachedStatement(sql: "SELECT count(*) FROM route_location WHERE sample_id = ?"), arguments: [id])
            return .workoutRoute(WorkoutRouteRow(locationCount: count ?? 0))
        default:
            return nil
        }
    }

    /// An audiogram's points, by position.
    private func audiogramPoints(ofSample id: Int64, uuid: UUID) throws -> [AudiogramPointRow] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT position, frequency, left_ear, right_ear, attributes FROM audiogram_point
                    WHERE sample_id = ? ORDER BY position
                    """), arguments: [id]
        ).map {
            AudiogramPointRow(
                sampleUUID: uuid, position: $0[0], frequency: $0[1], leftEar: $0[2], rightEar: $0[3], attributes: $0[4])
        }
    }
}
