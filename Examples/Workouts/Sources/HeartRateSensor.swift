import Foundation
import HealthKit

/// A heart rate strap's app: it saves what the strap measured, one reading at a time, as HealthKit apps save samples.
/// It knows nothing of the workout; the workout app's data source collects what it saves.
struct HeartRateSensor {
    let healthStore = HKHealthStore()

    /// Saves one reading a minute for `minutes` minutes ending at `end`, and one kilometre every six minutes.
    func replay(minutes: Int, endingAt end: Date) async throws {
        let heartRate = HKQuantityType(.heartRate), distance = HKQuantityType(.distanceWalkingRunning)
        try await healthStore.requestAuthorization(toShare: [heartRate, distance], read: [])
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        let start = end.addingTimeInterval(-Double(minutes) * 60)
        for minute in 0..<minutes {
            let date = start.addingTimeInterval(Double(minute) * 60 + 30)
            let reading = HKQuantitySample(
                type: heartRate, quantity: HKQuantity(unit: beatsPerMinute, doubleValue: Self.beats(atMinute: minute)),
                start: date, end: date)
            try await healthStore.save(reading)
            if minute % 6 == 5 {
                let kilometre = HKQuantitySample(
                    type: distance, quantity: HKQuantity(unit: .meter(), doubleValue: 1000),
                    start: date.addingTimeInterval(-330), end: date.addingTimeInterval(30))
                try await healthStore.save(kilometre)
            }
        }
        say("saved \(minutes) heart rates")
    }

    /// The strap's reading at each minute: warming up from 120 to 160, then steady.
    static func beats(atMinute minute: Int) -> Double {
        Double(min(160, 120 + 4 * minute))
    }
}
