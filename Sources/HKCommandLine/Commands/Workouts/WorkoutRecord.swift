import Foundation
import OpenHealthKit

/// One workout as `hk workouts` prints it. Its JSON object always has all nine keys, `null` where there is nothing.
struct WorkoutRecord: OutputRecord {
    let uuid: String
    /// The activity type's case name (`running`).
    let type: String
    let start: String
    let end: String
    /// The active time in seconds.
    let duration: Double
    /// Metres.
    let distance: Double?
    /// Kilocalories.
    let energy: Double?
    /// count/min.
    let averageHeartRate: Double?
    /// The number of locations of the workout's routes.
    let routePoints: Int

    static let columns = [
        "uuid", "type", "start", "end", "duration", "distance", "energy", "averageHeartRate", "routePoints",
    ]

    private enum CodingKeys: String, CodingKey {
        case uuid, type, start, end, duration, distance, energy, averageHeartRate, routePoints
    }

    init(_ workout: HKWorkout, averageHeartRate: Double?, routePoints: Int, timeZone: TimeZone) {
        uuid = workout.uuid.uuidString
        type = String(describing: workout.workoutActivityType)
        start = workout.startDate.formattedForOutput(in: timeZone)
        end = workout.endDate.formattedForOutput(in: timeZone)
        duration = workout.duration
        distance = workout.totalDistance?.doubleValue(for: .meter())
        energy = workout.totalEnergyBurned?.doubleValue(for: .kilocalorie())
        self.averageHeartRate = averageHeartRate
        self.routePoints = routePoints
    }

    var cells: [String] {
        [
            uuid, type, start, end, duration.formattedForOutput, distance?.formattedForOutput ?? "",
            energy?.formattedForOutput ?? "", averageHeartRate?.formattedForOutput ?? "", String(routePoints),
        ]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(type, forKey: .type)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(duration.roundedForOutput, forKey: .duration)
        try container.encode(distance?.roundedForOutput, forKey: .distance)
        try container.encode(energy?.roundedForOutput, forKey: .energy)
        try container.encode(averageHeartRate?.roundedForOutput, forKey: .averageHeartRate)
        try container.encode(routePoints, forKey: .routePoints)
    }
}
