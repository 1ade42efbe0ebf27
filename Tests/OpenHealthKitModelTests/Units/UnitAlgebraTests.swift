import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct UnitAlgebraTests {
    @Test func multipliesDividesAndRaises() throws {
        let meter = HKUnit.meter()
        let second = HKUnit.second()
        #expect(meter.unitMultiplied(by: meter) == (try HKUnit(parsing: "m^2")))
        #expect(HKUnit.count().unitDivided(by: .minute()).unitString == "count/min")
        #expect(meter.unitDivided(by: second.unitRaised(toPower: 2)) == (try HKUnit(parsing: "m/s^2")))
        #expect(second.reciprocal().unitString == "1/s")
        #expect(second.unitRaised(toPower: -2).unitString == "1/s^2")
        #expect(second.reciprocal().reciprocal() == second)
        let vo2Max = HKUnit.literUnit(with: .milli)
            .unitDivided(by: HKUnit.gramUnit(with: .kilo).unitMultiplied(by: .minute()))
        #expect(vo2Max == (try HKUnit(parsing: "ml/(kg*min)")))
        #expect(vo2Max.unitString == "mL/min·kg")
    }

    @Test func equalUnitsHaveEqualHashesWhateverTheirSpelling() throws {
        let spellings = ["kg.m^-1.s^-2", "kg/(m.s^2)", "kg/m.s^2", "kg/m*s^2", "kg/m·s^2", "(kg)/(m)·s^2", "s^-2*kg/m"]
        let units = try spellings.map { try HKUnit(parsing: $0) }
        #expect(Set(units).count == 1)
        #expect(units.allSatisfy { $0.hash == units[0].hash })
        #expect(units[0] != HKUnit.pascal())
        #expect(units[0].isCompatible(with: .pascal()))
    }

    @Test func nullUnitsAreThoseWhoseFactorsAllCancel() throws {
        #expect(HKUnit.liter().unitDivided(by: .liter()).isNull())
        #expect(try HKUnit(parsing: "count/count").isNull())
        #expect(HKUnit.meter().unitRaised(toPower: 0).isNull())
        #expect(try HKUnit(parsing: "()").isNull())
        #expect(try HKUnit(parsing: "()") == HKUnit.second().unitDivided(by: .second()))
        #expect(!HKUnit.count().isNull())
        #expect(!HKUnit.percent().isNull())
        // dL and L are different factors: the quotient is dimensionless (a tenth) but not null.
        let deciliterPerLiter = HKUnit.literUnit(with: .deci).unitDivided(by: .liter())
        #expect(!deciliterPerLiter.isNull())
        #expect(deciliterPerLiter.convert(1, to: .count()) == 0.1)
    }

    @Test func countPercentHertzAndNullAreRelatedAsDocumented() throws {
        #expect(HKUnit.percent().isCompatible(with: .count()))
        #expect(HKUnit.hertz().isCompatible(with: try HKUnit(parsing: "count/s")))
        #expect(HKUnit.count().isCompatible(with: try HKUnit(parsing: "()")))
        #expect(HKUnit.liter().isCompatible(with: try HKUnit(parsing: "m^3")))
        #expect(HKUnit.watt().isCompatible(with: try HKUnit(parsing: "kcal/hr")))
        #expect(!HKUnit.internationalUnit().isCompatible(with: .count()))
        #expect(!HKUnit.decibelHearingLevel().isCompatible(with: .decibelAWeightedSoundPressureLevel()))
        #expect(!HKUnit.appleEffortScore().isCompatible(with: .count()))
        #expect(!HKUnit.radianAngle().isCompatible(with: .count()))
        #expect(!HKUnit.diopter().isCompatible(with: HKUnit.meter().reciprocal()))
    }

    @Test func metricPrefixesHaveHealthKitsRawValues() {
        let rawValues: [(HKMetricPrefix, Int, String)] = [
            (.none, 0, ""), (.pico, 1, "p"), (.nano, 2, "n"), (.micro, 3, "mc"), (.milli, 4, "m"), (.centi, 5, "c"),
            (.deci, 6, "d"), (.deca, 7, "da"), (.hecto, 8, "h"), (.kilo, 9, "k"), (.mega, 10, "M"), (.giga, 11, "G"),
            (.tera, 12, "T"), (.femto, 13, "f"),
        ]
        for (prefix, rawValue, symbol) in rawValues {
            #expect(prefix.rawValue == rawValue)
            #expect(HKMetricPrefix(rawValue: rawValue) == prefix)
            #expect(prefix.symbol == symbol)
        }
        #expect(HKMetricPrefix.ascending.count == rawValues.count)
        #expect(HKUnitMolarMassBloodGlucose == 180.15588000005408)
    }

    @Test(arguments: HKMetricPrefix.ascending)
    func everyPrefixedFactoryPrintsItsPrefix(_ prefix: HKMetricPrefix) throws {
        let factories: [(String, (HKMetricPrefix) -> HKUnit)] = [
            ("g", HKUnit.gramUnit(with:)), ("m", HKUnit.meterUnit(with:)), ("L", HKUnit.literUnit(with:)),
            ("Pa", HKUnit.pascalUnit(with:)), ("s", HKUnit.secondUnit(with:)), ("J", HKUnit.jouleUnit(with:)),
            ("S", HKUnit.siemenUnit(with:)), ("Hz", HKUnit.hertzUnit(with:)), ("V", HKUnit.voltUnit(with:)),
            ("W", HKUnit.wattUnit(with:)), ("rad", HKUnit.radianAngleUnit(with:)), ("lx", HKUnit.luxUnit(with:)),
            ("mol<58.44>", { HKUnit.moleUnit(with: $0, molarMass: 58.44) }),
        ]
        for (root, factory) in factories {
            let unit = factory(prefix)
            #expect(unit.unitString == prefix.symbol + root)
            #expect(try HKUnit(parsing: unit.unitString) == unit)
            let unprefixed = try HKUnit(parsing: root)
            #expect(unit.convert(1, to: unprefixed).map { abs($0 - prefix.factor) <= 1e-9 * prefix.factor } == true)
        }
    }

    @Test func everyNamedFactoryPrintsItsString() throws {
        let factories: [(HKUnit, String)] = [
            (.gram(), "g"), (.ounce(), "oz"), (.pound(), "lb"), (.stone(), "st"),
            (.moleUnit(withMolarMass: HKUnitMolarMassBloodGlucose), "mol<180.15588000005408>"),
            (.meter(), "m"), (.inch(), "in"), (.foot(), "ft"), (.yard(), "yd"), (.mile(), "mi"),
            (.liter(), "L"), (.fluidOunceUS(), "fl_oz_us"), (.fluidOunceImperial(), "fl_oz_imp"), (.pintUS(), "pt_us"),
            (.pintImperial(), "pt_imp"), (.cupUS(), "cup_us"), (.cupImperial(), "cup_imp"),
            (.pascal(), "Pa"), (.millimeterOfMercury(), "mmHg"), (.centimeterOfWater(), "cmAq"), (.atmosphere(), "atm"),
            (.decibelAWeightedSoundPressureLevel(), "dBASPL"), (.inchesOfMercury(), "inHg"),
            (.second(), "s"), (.minute(), "min"), (.hour(), "hr"), (.day(), "d"),
            (.joule(), "J"), (.kilocalorie(), "kcal"), (.smallCalorie(), "cal"), (.largeCalorie(), "Cal"),
            (.degreeCelsius(), "degC"), (.degreeFahrenheit(), "degF"), (.kelvin(), "K"),
            (.siemen(), "S"), (.internationalUnit(), "IU"), (.count(), "count"), (.percent(), "%"),
            (.decibelHearingLevel(), "dBHL"), (.hertz(), "Hz"), (.volt(), "V"), (.watt(), "W"),
            (.diopter(), "D"), (.prismDiopter(), "pD"), (.radianAngle(), "rad"), (.degreeAngle(), "deg"),
            (.lux(), "lx"), (.appleEffortScore(), "appleEffortScore"),
        ]
        for (unit, string) in factories {
            #expect(unit.unitString == string)
            #expect(try HKUnit(parsing: string) == unit)
        }
    }

    @Test @available(*, deprecated) func deprecatedCalorieIsTheSmallCalorie() {
        #expect(HKUnit.calorie() == .smallCalorie())
    }

    @Test func invalidMolarMassRaises() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit.moleUnit(withMolarMass: 0)
        }
    }

    @Test func bridgesFoundationFormatterUnits() {
        #expect(HKUnit(from: MassFormatter.Unit.kilogram) == .gramUnit(with: .kilo))
        #expect(HKUnit(from: MassFormatter.Unit.stone) == .stone())
        #expect(HKUnit.massFormatterUnit(from: .pound()) == .pound)
        #expect(HKUnit(from: LengthFormatter.Unit.millimeter) == .meterUnit(with: .milli))
        #expect(HKUnit.lengthFormatterUnit(from: .yard()) == .yard)
        #expect(HKUnit(from: EnergyFormatter.Unit.calorie) == .smallCalorie())
        #expect(HKUnit(from: EnergyFormatter.Unit.kilojoule) == .jouleUnit(with: .kilo))
        #expect(HKUnit.energyFormatterUnit(from: .largeCalorie()) == .kilocalorie)
        #expect(HKUnit.energyFormatterUnit(from: .kilocalorie()) == .kilocalorie)
    }

    @Test func aUnitWithoutAFormatterUnitRaises() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit.massFormatterUnit(from: .liter())
        }
    }
}
