import Testing
import OpenHealthKitModel

/// The classifications of Walking Steadiness and of sleeping breathing disturbances, with HealthKit's raw values and
/// boundaries.
@Suite struct ClassificationTests {
    typealias Breathing = HKAppleSleepingBreathingDisturbancesClassification

    @Test func walkingSteadinessClassificationsHaveHealthKitsRawValues() {
        #expect(HKAppleWalkingSteadinessClassification.allCases.map(\.rawValue) == [1, 2, 3])
        #expect(HKAppleWalkingSteadinessClassification(rawValue: 3) == .veryLow)
        #expect(HKAppleWalkingSteadinessClassification(rawValue: 0) == nil)
    }

    @Test func breathingDisturbancesClassificationsHaveHealthKitsRawValues() {
        #expect(Breathing.allCases.map(\.rawValue) == [0, 1])
        #expect(Breathing(rawValue: 1) == .elevated)
    }

    @Test(arguments: [(0.0, Breathing.notElevated), (10.99, .notElevated), (11, .elevated), (42, .elevated)])
    func breathingDisturbancesOfElevenAndMoreAreElevated(_ count: Double, _ expected: Breathing) {
        #expect(Breathing(classifying: HKQuantity(unit: .count(), doubleValue: count)) == expected)
    }

    @Test func breathingDisturbancesThatAreNegativeOrNotACountAreNotClassified() {
        #expect(Breathing(classifying: HKQuantity(unit: .count(), doubleValue: -1)) == nil)
        #expect(Breathing(classifying: HKQuantity(unit: .meter(), doubleValue: 12)) == nil)
    }

    @Test func eachBreathingClassificationStartsAtItsMinimumCount() {
        #expect(Breathing.notElevated.minimum == HKQuantity(unit: .count(), doubleValue: 0))
        #expect(Breathing.elevated.minimum == HKQuantity(unit: .count(), doubleValue: 11))
        for classification in Breathing.allCases {
            #expect(Breathing(classifying: classification.minimum) == classification)
        }
    }
}
