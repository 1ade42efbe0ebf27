import Foundation
import Testing
@testable import OpenHealthKitModel

// Predicates over sources, devices, workouts and quantities: these need HKSource, HKSourceRevision, HKDevice,
// HKWorkout, HKWorkoutActivityType and a working HKQuantity.

private func condition(of predicate: NSPredicate) -> PredicateCondition? {
    (predicate as? HKQueryPredicate)?.condition
}

@Suite("Predicates over model types")
struct PredicateModelTypeTests {
    let start = Date(timeIntervalSinceReferenceDate: 750_000_000)
    var source: HKSource { HKSource.default() }

    @Test func codeWrittenAsInHealthKitsDocsCompilesAndWalks() throws {
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForSamples(withStart: start, end: start + 86_400, options: .strictStartDate),
            HKQuery.predicateForObjects(from: source),
        ])
        #expect(
            try PredicateCondition.tree(from: predicate)
                == .and([
                    .leaf(.sampleDates(SampleDateRange(start: start, end: start + 86_400, options: .strictStartDate))),
                    .leaf(.sources(bundleIdentifiers: [source.bundleIdentifier])),
                ]))
    }

    @Test func sourcesAreMatchedByBundleIdentifier() {
        #expect(
            condition(of: HKQuery.predicateForObjects(from: [source]))
                == .sources(bundleIdentifiers: [source.bundleIdentifier]))
    }

    @Test func sourceRevisionWildcardsMatchAnything() {
        let anyOS = HKSourceRevision(
            source: source, version: "1.4", productType: HKSourceRevisionAnyProductType,
            operatingSystemVersion: HKSourceRevisionAnyOperatingSystem)
        let exact = HKSourceRevision(
            source: source, version: nil, productType: "Watch6,1",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 10, minorVersion: 2, patchVersion: 0))
        let anyVersion = HKSourceRevision(
            source: source, version: HKSourceRevisionAnyVersion, productType: nil,
            operatingSystemVersion: HKSourceRevisionAnyOperatingSystem)
        let bundle = source.bundleIdentifier
        #expect(
            condition(of: HKQuery.predicateForObjects(from: [anyOS, exact, anyVersion]))
                == .sourceRevisions([
                    SourceRevisionPattern(
                        bundleIdentifier: bundle, version: .equalTo("1.4"), productType: .any,
                        operatingSystemVersion: .any),
                    SourceRevisionPattern(
                        bundleIdentifier: bundle, version: .equalTo(nil), productType: .equalTo("Watch6,1"),
                        operatingSystemVersion: .equalTo(.init(majorVersion: 10, minorVersion: 2, patchVersion: 0))),
                    SourceRevisionPattern(
                        bundleIdentifier: bundle, version: .any, productType: .equalTo(nil),
                        operatingSystemVersion: .any),
                ]))
    }

    @Test func devicesMatchOnEveryPropertyNilIncluded() {
        let watch = HKDevice(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: nil, softwareVersion: "10.2", localIdentifier: nil, UDIDeviceIdentifier: nil)
        #expect(
            condition(of: HKQuery.predicateForObjects(from: [watch]))
                == .devices([
                    [
                        .name: "Apple Watch", .manufacturer: "Apple Inc.", .model: "Watch",
                        .hardwareVersion: "Watch6,1", .softwareVersion: "10.2",
                    ]
                ]))
    }

    @Test func workoutActivityType() {
        #expect(
            condition(of: HKQuery.predicateForWorkouts(with: .running))
                == .workoutActivityType(HKWorkoutActivityType.running.rawValue))
    }

    @Test func quantityComparison() {
        let quantity = HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 100)
        #expect(
            condition(of: HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: quantity))
                == .quantity(comparison: .greaterThan, quantity: quantity))
    }

    @Test func metadataQuantities() {
        let quantity = HKQuantity(unit: HKUnit(from: "degC"), doubleValue: 21)
        #expect(
            condition(
                of: HKQuery.predicateForObjects(
                    withMetadataKey: "HKWeatherTemperature", operatorType: .lessThan, value: quantity))
                == .metadataComparison(key: "HKWeatherTemperature", comparison: .lessThan, value: .quantity(quantity)))
    }

    @Test func workoutTotalDistance() {
        let distance = HKQuantity(unit: HKUnit(from: "mi"), doubleValue: 6.5)
        #expect(
            condition(of: HKQuery.predicateForWorkouts(with: .greaterThanOrEqualTo, totalDistance: distance))
                == .workoutTotal(.totalDistance, comparison: .greaterThanOrEqualTo, quantity: distance))
    }
}

/// The deprecated HealthKit APIs, called from deprecated code so that the calls do not warn.
@Suite("Deprecated workout predicates")
struct DeprecatedWorkoutPredicateTests {
    @available(*, deprecated)
    @Test func workoutsAddedSamplesAndTotals() {
        let start = Date(timeIntervalSinceReferenceDate: 750_000_000)
        let workout = HKWorkout(activityType: .running, start: start, end: start + 1800)
        #expect(condition(of: HKQuery.predicateForObjects(from: workout)) == .workout(uuid: workout.uuid))

        let energy = HKQuantity(unit: HKUnit(from: "kcal"), doubleValue: 300)
        let strokes = HKQuantity(unit: HKUnit(from: "count"), doubleValue: 400)
        let flights = HKQuantity(unit: HKUnit(from: "count"), doubleValue: 10)
        #expect(
            condition(of: HKQuery.predicateForWorkouts(with: .greaterThan, totalEnergyBurned: energy))
                == .workoutTotal(.totalEnergyBurned, comparison: .greaterThan, quantity: energy))
        #expect(
            condition(of: HKQuery.predicateForWorkouts(with: .lessThan, totalSwimmingStrokeCount: strokes))
                == .workoutTotal(.totalSwimmingStrokeCount, comparison: .lessThan, quantity: strokes))
        #expect(
            condition(of: HKQuery.predicateForWorkouts(with: .equalTo, totalFlightsClimbed: flights))
                == .workoutTotal(.totalFlightsClimbed, comparison: .equalTo, quantity: flights))
    }
}
