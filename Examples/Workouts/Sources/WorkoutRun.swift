import CoreLocation
import Foundation
import HealthKit

/// The run: started `minutes` ago, paused for two minutes a third of the way, its route a straight line north.
func runWorkout(minutes: Int) async throws {
    let manager = WorkoutManager()
    try await manager.requestAuthorization()
    let start = Date().addingTimeInterval(-Double(minutes) * 60 - 60)
    try await manager.startWorkout(at: start)
    say("ready")
    while let line = readLine(), line != "finish" {}

    let pause = start.addingTimeInterval(Double(minutes) * 20)
    try await manager.builder?.addWorkoutEvents([
        HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: pause, duration: 0), metadata: nil),
        HKWorkoutEvent(
            type: .resume, dateInterval: DateInterval(start: pause.addingTimeInterval(120), duration: 0), metadata: nil),
    ])
    for second in stride(from: 0, to: minutes * 60, by: 60) {
        let locations = (0..<6).map { step -> CLLocation in
            let elapsed = Double(second + step * 10)
            return CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: 52.52 + elapsed * 0.00003, longitude: 13.405),
                altitude: 34, horizontalAccuracy: 5, verticalAccuracy: 3, course: 0, speed: 3.3,
                timestamp: start.addingTimeInterval(elapsed))
        }
        try await manager.didUpdateLocations(locations)
    }
    guard let workout = try await manager.endWorkout() else { throw HKError(.errorNoData) }
    say("workout \(workout.uuid.uuidString)")
}
