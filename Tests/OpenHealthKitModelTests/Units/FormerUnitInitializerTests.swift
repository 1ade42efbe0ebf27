import Foundation
import Testing
import OpenHealthKitModel

/// HealthKit's Swift 2 spellings of the unit initializers, still public and deprecated: the same units as today's.
@Suite struct FormerUnitInitializerTests {
    @Test @available(*, deprecated) func fromStringParsesAsFromDoes() {
        #expect(HKUnit(fromString: "mg/dL") == HKUnit(from: "mg/dL"))
        #expect(HKUnit(fromString: "count/min") == HKUnit.count().unitDivided(by: .minute()))
    }

    @Test @available(*, deprecated) func fromStringRaisesForAnInvalidString() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit(fromString: "kg//m")
        }
    }

    @Test @available(*, deprecated) func fromFormatterUnitBridgesFoundationsFormatterUnits() {
        #expect(HKUnit(fromMassFormatterUnit: .stone) == .stone())
        #expect(HKUnit(fromMassFormatterUnit: .kilogram) == .gramUnit(with: .kilo))
        #expect(HKUnit(fromLengthFormatterUnit: .foot) == .foot())
        #expect(HKUnit(fromLengthFormatterUnit: .millimeter) == .meterUnit(with: .milli))
        #expect(HKUnit(fromEnergyFormatterUnit: .kilocalorie) == .kilocalorie())
        #expect(HKUnit(fromEnergyFormatterUnit: .joule) == .joule())
    }
}
