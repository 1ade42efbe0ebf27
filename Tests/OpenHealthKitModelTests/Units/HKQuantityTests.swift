import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct HKQuantityTests {
    @Test func readsTheValueInAnyCompatibleUnit() throws {
        let weight = HKQuantity(unit: .pound(), doubleValue: 150)
        #expect(weight.is(compatibleWith: .gramUnit(with: .kilo)))
        #expect(abs(weight.doubleValue(for: .gramUnit(with: .kilo)) - 150 * 0.45359237) < 1e-12)
        #expect(try weight.convertedValue(to: .pound()) == 150)
        let glucose = HKQuantity(unit: try HKUnit(parsing: "mmol<180.15588000005408>/L"), doubleValue: 5.5)
        #expect(abs(try glucose.convertedValue(to: HKUnit(parsing: "mg/dL")) - 5.5 * 18.015588000005408) < 1e-9)
    }

    @Test func incompatibleUnitsThrowWithHealthKitsMessage() {
        let dose = HKQuantity(unit: .internationalUnit(), doubleValue: 10)
        #expect(!dose.is(compatibleWith: .gramUnit(with: .milli)))
        do {
            _ = try dose.convertedValue(to: .gramUnit(with: .milli))
            Issue.record("converted IU to mg")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.message == "Attempt to convert incompatible units: IU, mg")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func doubleValueForAnIncompatibleUnitRaises() async {
        await #expect(processExitsWith: .failure) {
            _ = HKQuantity(unit: .decibelHearingLevel(), doubleValue: 20).doubleValue(for: .count())
        }
    }

    @Test func comparesInTheReceiversUnit() throws {
        let kilogram = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 1)
        #expect(kilogram.compare(HKQuantity(unit: .gram(), doubleValue: 1000)) == .orderedSame)
        #expect(kilogram.compare(HKQuantity(unit: .pound(), doubleValue: 2)) == .orderedDescending)
        #expect(kilogram.compare(HKQuantity(unit: .pound(), doubleValue: 3)) == .orderedAscending)
        #expect(throws: HKError.invalidArgument("Attempt to convert incompatible units: L, kg")) {
            try kilogram.compared(with: HKQuantity(unit: .liter(), doubleValue: 1))
        }
    }

    @Test func describesItselfAsValueAndUnit() throws {
        #expect(HKQuantity(unit: try HKUnit(parsing: "count/min"), doubleValue: 72).description == "72 count/min")
        #expect(HKQuantity(unit: .degreeFahrenheit(), doubleValue: 98.6).description == "98.6 degF")
        #expect(HKQuantity(unit: .percent(), doubleValue: 0.97).description == "0.97 %")
    }

    @Test func equalQuantitiesHaveEqualUnitsAndValues() throws {
        let a = HKQuantity(unit: try HKUnit(parsing: "kg/m.s^2"), doubleValue: 3)
        let b = HKQuantity(unit: try HKUnit(parsing: "kg.m^-1.s^-2"), doubleValue: 3)
        #expect(a == b)
        #expect(a.hash == b.hash)
        #expect(
            HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 1) != HKQuantity(unit: .gram(), doubleValue: 1000))
    }
}
