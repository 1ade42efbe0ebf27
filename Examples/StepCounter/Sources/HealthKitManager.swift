import Foundation
import HealthKit

/// A step counter's model as public apps write one: an `ObservableObject` whose `@Published` properties the queries'
/// handlers update on the main queue, with only `import Foundation` and `import HealthKit` (on Apple's platforms
/// Foundation brings Combine; on Linux the `HealthKit` module brings OpenCombine).
class HealthKitManager: ObservableObject {
    let healthStore: HKHealthStore

    @Published var isAuthorized = false
    @Published var stepsToday: Double = 0
    @Published var latestHeartRate: Double?

    let stepType = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    let heartRateType = HKQuantityType.quantityType(forIdentifier: .heartRate)!
    private var heartRateAnchor: HKQueryAnchor?
    private var heartRateObserver: HKObserverQuery?

    init(healthStore: HKHealthStore = HKHealthStore()) {
        self.healthStore = healthStore
    }

    /// Asks to read and write steps and heart rates.
    func requestAuthorization(completion: @escaping (Bool) -> Void = { _ in }) {
        guard HKHealthStore.isHealthDataAvailable() else { return completion(false) }
        let types: Set = [stepType, heartRateType]
        healthStore.requestAuthorization(toShare: types, read: types) { success, _ in
            DispatchQueue.main.async {
                self.isAuthorized = success
                completion(success)
            }
        }
    }

    /// Sums today's steps into ``stepsToday``.
    func fetchStepsToday() {
        let startOfDay = Calendar.current.startOfDay(for: Date())
        let predicate = HKQuery.predicateForSamples(withStart: startOfDay, end: nil, options: .strictStartDate)
        let query = HKStatisticsQuery(
            quantityType: stepType, quantitySamplePredicate: predicate, options: .cumulativeSum
        ) { _, statistics, _ in
            let steps = statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0
            DispatchQueue.main.async { self.stepsToday = steps }
        }
        healthStore.execute(query)
    }

    /// Keeps ``latestHeartRate`` current: an observer query wakes the app, an anchored query reads what is new.
    func startObservingHeartRate() {
        let query = makeObserverQuery(sampleType: heartRateType) { [weak self] _, completionHandler, error in
            defer { completionHandler() }
            guard error == nil else { return }
            self?.fetchNewHeartRates()
        }
        heartRateObserver = query
        healthStore.execute(query)
    }

    /// Stops observing heart rates.
    func stopObservingHeartRate() {
        if let heartRateObserver { healthStore.stop(heartRateObserver) }
        heartRateObserver = nil
    }

    /// The observer query ``startObservingHeartRate()`` runs; tests substitute their own.
    func makeObserverQuery(
        sampleType: HKSampleType,
        updateHandler: @escaping (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, Error?) -> Void
    ) -> HKObserverQuery {
        HKObserverQuery(sampleType: sampleType, predicate: nil, updateHandler: updateHandler)
    }

    private func fetchNewHeartRates() {
        let query = HKAnchoredObjectQuery(
            type: heartRateType, predicate: nil, anchor: heartRateAnchor, limit: HKObjectQueryNoLimit
        ) { [weak self] _, samples, _, newAnchor, _ in
            guard let self else { return }
            let latest = (samples as? [HKQuantitySample])?.max { $0.endDate < $1.endDate }
            let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
            DispatchQueue.main.async {
                self.heartRateAnchor = newAnchor
                if let latest { self.latestHeartRate = latest.quantity.doubleValue(for: beatsPerMinute) }
            }
        }
        healthStore.execute(query)
    }
}
