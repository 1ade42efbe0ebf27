import Foundation
import OpenHealthKit

/// A varied store for the predicate suites: body masses from two apps and the owner, with and without devices and
/// metadata, over overlapping intervals; sleep stages; workouts; blood pressure in and out of a correlation.
///
/// Body masses (seconds after `t0`):
/// ```
/// m4 |------------------------------------------------|  -1800...10000  85 kg  app B  Waist 30 in
/// m1 |-|                                                     0...60     70 kg  app A  scale A, Note morning, user entered
/// m5          |--|                                        2900...3100   72 kg  owner  device with local id only
/// m2             |-|                                      3600...3660   75 kg  app A  Rank 2, Measured t0
/// m3                      |-|                             7200...7260   80 kg  app B  scale B, Note evening, Rank 5, Waist 90 cm
/// ```
struct PredicateDataset {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let kg = HKUnit.gramUnit(with: .kilo)
    static let appA = AppManifest(
        bundleIdentifier: "com.example.a", name: "A", version: "3", shareUsageDescription: "r",
        updateUsageDescription: "w")
    static let appB = AppManifest(
        bundleIdentifier: "com.example.b", name: "B", version: "9", shareUsageDescription: "r",
        updateUsageDescription: "w")
    static let scaleA = HKDevice(
        name: "Scale", manufacturer: "Acme", model: "S1", hardwareVersion: nil, firmwareVersion: nil,
        softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil)
    static let scaleB = HKDevice(
        name: "Scale", manufacturer: "Other", model: nil, hardwareVersion: "2", firmwareVersion: nil,
        softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil)
    static let tracker = HKDevice(
        name: nil, manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil, softwareVersion: nil,
        localIdentifier: "abc", UDIDeviceIdentifier: nil)

    let mass = HKQuantityType(.bodyMass)
    let sleep = HKCategoryType(.sleepAnalysis)
    let systolic = HKQuantityType(.bloodPressureSystolic)
    let diastolic = HKQuantityType(.bloodPressureDiastolic)

    /// The store of app A, allowed to read everything.
    let store: HKHealthStore
    let m1, m2, m3, m4, m5: HKQuantitySample
    /// inBed, asleepCore, awake, asleepREM.
    let sleepStages: [HKCategorySample]
    /// A 30 min run (5 km), a 60 min ride (20 km), a 90 min run with a 10 min pause (12 km).
    let shortRun, ride, longRun: HKWorkout
    let standaloneSystolic: HKQuantitySample
    let pressure: HKCorrelation

    static func date(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    static func mass(
        _ kilograms: Double, _ start: TimeInterval, _ end: TimeInterval, device: HKDevice? = nil,
        metadata: [String: Any]? = nil
    ) -> HKQuantitySample {
        HKQuantitySample(
            type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: kg, doubleValue: kilograms), start: date(start),
            end: date(end),
            device: device, metadata: metadata)
    }

    static func make() async throws -> PredicateDataset {
        try await PredicateDataset(harness: StoreHarness())
    }

    private init(harness: StoreHarness) async throws {
        m1 = Self.mass(
            70, 0, 60, device: Self.scaleA, metadata: ["Note": "morning", HKMetadataKeyWasUserEntered: true])
        m2 = Self.mass(75, 3600, 3660, metadata: ["Rank": 2, "Measured": Self.t0])
        m3 = Self.mass(
            80, 7200, 7260, device: Self.scaleB,
            metadata: [
                "Note": "evening", "Rank": 5, "Waist": HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 90),
            ])
        m4 = Self.mass(85, -1800, 10000, metadata: ["Waist": HKQuantity(unit: .inch(), doubleValue: 30)])
        m5 = Self.mass(72, 2900, 3100, device: Self.tracker)

        let stages: [HKCategoryValueSleepAnalysis] = [.inBed, .asleepCore, .awake, .asleepREM]
        sleepStages = stages.enumerated().map { index, stage in
            HKCategorySample(
                type: HKCategoryType(.sleepAnalysis), value: stage.rawValue, start: Self.date(Double(index) * 600),
                end: Self.date(Double(index + 1) * 600))
        }
        shortRun = HKWorkout(
            activityType: .running, start: Self.date(0), end: Self.date(1800), workoutEvents: nil,
            totalEnergyBurned: nil,
            totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 5), metadata: nil)
        ride = HKWorkout(
            activityType: .cycling, start: Self.date(3600), end: Self.date(7200), workoutEvents: nil,
            totalEnergyBurned: nil,
            totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 20), metadata: nil)
        longRun = HKWorkout(
            activityType: .running, start: Self.date(10000), end: Self.date(15400),
            workoutEvents: [
                HKWorkoutEvent(
                    type: .pause, dateInterval: DateInterval(start: Self.date(11000), duration: 0), metadata: nil),
                HKWorkoutEvent(
                    type: .resume, dateInterval: DateInterval(start: Self.date(11600), duration: 0), metadata: nil),
            ],
            totalEnergyBurned: nil, totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 12),
            metadata: nil)

        let mmHg = HKUnit.millimeterOfMercury()
        standaloneSystolic = HKQuantitySample(
            type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: mmHg, doubleValue: 118),
            start: Self.t0, end: Self.t0)
        pressure = HKCorrelation(
            type: HKCorrelationType(.bloodPressure), start: Self.date(60), end: Self.date(60),
            objects: [
                HKQuantitySample(
                    type: HKQuantityType(.bloodPressureSystolic), quantity: HKQuantity(unit: mmHg, doubleValue: 125),
                    start: Self.date(60), end: Self.date(60)),
                HKQuantitySample(
                    type: HKQuantityType(.bloodPressureDiastolic), quantity: HKQuantity(unit: mmHg, doubleValue: 82),
                    start: Self.date(60), end: Self.date(60)),
            ])

        let types: Set<HKSampleType> = [mass, sleep, systolic, diastolic, .workoutType()]
        store = try await harness.authorizedStore(Self.appA, for: types)
        try await store.save([m1, m2] + sleepStages + [shortRun, ride, longRun, standaloneSystolic, pressure])
        try await harness.authorizedStore(Self.appB, for: [mass]).save([m3, m4])
        try await harness.saveAsOwner([m5])
    }

    var masses: [HKQuantitySample] { [m1, m2, m3, m4, m5] }

    /// The UUIDs of the body masses a predicate selects.
    func masses(_ predicate: NSPredicate?) async throws -> Set<UUID> {
        try await Fetch.uuids(store, mass, predicate: predicate)
    }

    /// The UUIDs of some samples, to compare with a query's.
    func ids(_ samples: HKSample...) -> Set<UUID> { Set(samples.map(\.uuid)) }
}
