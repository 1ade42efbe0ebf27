import Foundation
import Testing
@testable import OpenHealthKitModel

/// A former name of a category value enumeration is an enumeration of its own, as in HealthKit, with the cases and
/// predicate factories of the current one.
@Suite struct FormerValueEnumTests {
    @Test @available(*, deprecated) func menstrualFlowHasTheCasesAndRawValuesOfVaginalBleeding() {
        #expect(
            HKCategoryValueMenstrualFlow.allCases.map { "\($0)=\($0.rawValue)" }
                == HKCategoryValueVaginalBleeding.allCases.map { "\($0)=\($0.rawValue)" })
        #expect(HKCategoryValueMenstrualFlow.heavy.rawValue == 4)
    }

    @Test @available(*, deprecated) func menstrualFlowMakesTheSamePredicatesAsVaginalBleeding() {
        func condition(_ predicate: NSPredicate) -> PredicateCondition? { (predicate as? HKQueryPredicate)?.condition }
        #expect(
            condition(HKCategoryValueMenstrualFlow.predicateForSamples(.greaterThan, value: .light))
                == condition(HKCategoryValueVaginalBleeding.predicateForSamples(.greaterThan, value: .light)))
        #expect(
            condition(HKCategoryValueMenstrualFlow.predicateForSamples(equalTo: [.medium, .heavy]))
                == .categoryValues([3, 4]))
    }

    @Test @available(*, deprecated) func aMenstrualFlowValueIsAllowedForTheMenstrualFlowType() {
        #expect(HKCategoryType(.menstrualFlow).allows(value: HKCategoryValueMenstrualFlow.medium.rawValue))
    }
}
