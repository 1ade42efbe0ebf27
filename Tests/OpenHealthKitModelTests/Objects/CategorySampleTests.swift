import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct CategorySampleTests {
    @Test func validSampleKeepsItsValue() throws {
        let type = HKCategoryType(.sleepAnalysis)
        let sample = try HKCategorySample(
            validating: type, value: HKCategoryValueSleepAnalysis.asleepCore.rawValue, start: Fixture.start,
            end: Fixture.end
        )
        #expect(sample.categoryType == type)
        #expect(sample.value == 3)
        let apple = HKCategorySample(type: type, value: 0, start: Fixture.start, end: Fixture.end)
        #expect(apple.value == 0)
    }

    @Test(arguments: [-1, 6, 42])
    func rejectsAValueOutsideTheEnumeration(_ value: Int) {
        expectInvalidArgument("Invalid value \(value) for HKCategoryTypeIdentifierSleepAnalysis") {
            _ = try HKCategorySample(
                validating: HKCategoryType(.sleepAnalysis), value: value, start: Fixture.start, end: Fixture.end)
        }
    }

    @Test func menstrualFlowNeedsTheCycleStartKey() throws {
        let type = HKCategoryType(.menstrualFlow)
        expectInvalidArgument("required keys: HKMetadataKeyMenstrualCycleStart") {
            _ = try HKCategorySample(validating: type, value: 2, start: Fixture.start, end: Fixture.end)
        }
        let sample = try HKCategorySample(
            validating: type, value: 2, start: Fixture.start, end: Fixture.end,
            metadata: [HKMetadataKeyMenstrualCycleStart: true]
        )
        #expect(sample.metadata?[HKMetadataKeyMenstrualCycleStart] as? Bool == true)
    }
}
