import Foundation
import Testing
@testable import OpenHealthKitModel

/// Exact legal definitions, written out so that each expected value below shows its arithmetic.
private enum Legal {
    static let pound = 0.45359237  // kg
    static let inch = 0.0254  // m
    static let foot = 0.3048  // m
    static let mile = 1609.344  // m
    static let fluidOunceUS = 29.5735295625  // mL
    static let fluidOunceImperial = 28.4130625  // mL
    static let millimeterOfMercury = 133.322387415  // Pa
    static let centimeterOfWater = 98.0665  // Pa
    static let atmosphere = 101_325.0  // Pa
    static let calorie = 4.184  // J
    static let soundReference = 2e-5  // Pa
}

struct ConversionCase: Sendable, CustomTestStringConvertible {
    let value: Double
    let from: String
    let to: String
    let expected: Double

    init(_ value: Double, _ from: String, _ to: String, _ expected: Double) {
        self.value = value
        self.from = from
        self.to = to
        self.expected = expected
    }

    var testDescription: String { "\(value) \(from) -> \(to)" }
}

private let conversions: [ConversionCase] = [
    // Mass
    .init(1, "lb", "kg", Legal.pound),
    .init(150, "lb", "kg", 150 * Legal.pound),
    .init(1, "kg", "lb", 1 / Legal.pound),
    .init(16, "oz", "lb", 1),
    .init(1, "oz", "g", Legal.pound * 1000 / 16),
    .init(1, "st", "lb", 14),
    .init(10, "st", "kg", 140 * Legal.pound),
    .init(1, "g", "mg", 1000),
    .init(1, "mcg", "ng", 1000),
    .init(500, "mg", "g", 0.5),
    .init(1, "kg", "g", 1000),
    .init(1, "fg", "pg", 1e-3),
    .init(2, "Mg", "kg", 2000),
    .init(1, "dag", "g", 10),
    .init(1, "hg", "dg", 1000),
    .init(1, "cg", "mg", 10),
    .init(1, "Gg", "Tg", 1e-3),
    // Length
    .init(1, "in", "cm", 2.54),
    .init(1, "ft", "in", 12),
    .init(1, "yd", "ft", 3),
    .init(1, "mi", "km", Legal.mile / 1000),
    .init(1, "mi", "ft", 5280),
    .init(1, "km", "mi", 1000 / Legal.mile),
    .init(180, "cm", "ft", 1.8 / Legal.foot),
    .init(1, "m", "mm", 1000),
    .init(1, "dam", "m", 10),
    .init(1, "nm", "pm", 1000),
    .init(1, "Tm", "Gm", 1000),
    // Volume
    .init(1, "fl_oz_us", "mL", Legal.fluidOunceUS),
    .init(1, "fl_oz_imp", "mL", Legal.fluidOunceImperial),
    .init(1, "pt_us", "fl_oz_us", 16),
    .init(1, "pt_imp", "fl_oz_imp", 20),
    .init(1, "cup_us", "fl_oz_us", 8),
    .init(1, "cup_imp", "fl_oz_imp", 10),
    .init(1, "L", "mL", 1000),
    .init(1, "L", "dL", 10),
    .init(1, "mL", "cm^3", 1),
    .init(1, "m^3", "L", 1000),
    .init(1, "l", "ml", 1000),
    .init(2, "cup_us", "L", 2 * 8 * Legal.fluidOunceUS / 1000),
    .init(1, "pt_imp", "L", 20 * Legal.fluidOunceImperial / 1000),
    .init(1, "fl_oz_us", "in^3", 231.0 / 128),
    // Pressure
    .init(120, "mmHg", "kPa", 120 * Legal.millimeterOfMercury / 1000),
    .init(1, "atm", "mmHg", Legal.atmosphere / Legal.millimeterOfMercury),
    .init(1, "atm", "Pa", Legal.atmosphere),
    .init(1, "cmAq", "Pa", Legal.centimeterOfWater),
    .init(10, "cmAq", "mmHg", 10 * Legal.centimeterOfWater / Legal.millimeterOfMercury),
    .init(1, "inHg", "mmHg", 25.4),
    .init(29.92, "inHg", "hPa", 29.92 * 25.4 * Legal.millimeterOfMercury / 100),
    .init(1, "kPa", "Pa", 1000),
    // Sound pressure level (logarithmic)
    .init(94, "dBASPL", "Pa", Legal.soundReference * pow(10, 94.0 / 20)),
    .init(1, "Pa", "dBASPL", 20 * log10(1 / Legal.soundReference)),
    .init(60, "dBASPL", "mmHg", Legal.soundReference * 1000 / Legal.millimeterOfMercury),
    .init(0, "dBASPL", "Pa", Legal.soundReference),
    .init(0.02, "Pa", "dBASPL", 60),
    // Time
    .init(1, "hr", "min", 60),
    .init(1, "d", "hr", 24),
    .init(1, "d", "s", 86400),
    .init(90, "min", "hr", 1.5),
    .init(1500, "ms", "s", 1.5),
    .init(1, "s", "mcs", 1e6),
    .init(1, "ks", "min", 1000.0 / 60),
    // Energy
    .init(1, "kcal", "kJ", Legal.calorie),
    .init(1, "kcal", "J", Legal.calorie * 1000),
    .init(1, "Cal", "kcal", 1),
    .init(1000, "cal", "kcal", 1),
    .init(1, "kJ", "kcal", 1 / Legal.calorie),
    .init(250, "kcal", "cal", 250_000),
    .init(1, "MJ", "Cal", 1e6 / (Legal.calorie * 1000)),
    // Temperature (affine when a temperature stands alone)
    .init(98.6, "degF", "degC", (98.6 - 32) / 1.8),
    .init(37, "degC", "degF", 37 * 1.8 + 32),
    .init(0, "degC", "K", 273.15),
    .init(300, "K", "degC", 300 - 273.15),
    .init(-40, "degF", "degC", -40),
    .init(212, "degF", "K", (212 - 32) / 1.8 + 273.15),
    .init(1, "mK", "K", 0.001),
    .init(0, "K", "degF", -459.67),
    // Temperature inside a compound counts as a difference
    .init(1, "degC/min", "K/s", 1.0 / 60),
    .init(1, "degF/hr", "degC/hr", 1 / 1.8),
    // Conductance, potential, power
    .init(1, "S", "mcS", 1e6),
    .init(5, "mS", "S", 0.005),
    .init(1, "V", "mV", 1000),
    .init(1, "kV", "V", 1000),
    .init(1, "W", "J/s", 1),
    .init(1, "kcal/hr", "W", Legal.calorie * 1000 / 3600),
    .init(1, "kW", "W", 1000),
    .init(100, "W", "kcal/min", 100 * 60 / (Legal.calorie * 1000)),
    .init(1, "V^2*S", "W", 1),
    // Frequency and counts
    .init(1, "Hz", "count/min", 60),
    .init(72, "count/min", "Hz", 1.2),
    .init(1, "kHz", "Hz", 1000),
    .init(1, "count/s", "count/min", 60),
    .init(1, "Hz", "1/s", 1),
    .init(50, "%", "count", 0.5),
    .init(1, "count", "%", 100),
    .init(1, "dL/L", "%", 10),
    // Angle and illuminance
    .init(180, "deg", "rad", Double.pi),
    .init(1, "rad", "deg", 180 / Double.pi),
    .init(1, "rad", "mrad", 1000),
    .init(1, "klx", "lx", 1000),
    // Moles convert to mass through the molar mass
    .init(1, "mmol<180.15588000005408>/L", "mg/dL", 180.15588000005408 / 10),
    .init(100, "mg/dL", "mmol<180.15588000005408>/L", 100 / (180.15588000005408 / 10)),
    .init(1, "mol<18.01528>", "g", 18.01528),
    .init(1, "mmol<58.44>", "mg", 58.44),
    .init(1, "kmol<2>", "kg", 2),
    .init(1, "mol<180>", "mol<90>", 2),
    // Speed, acceleration, fitness rates
    .init(1, "m/s", "km/hr", 3.6),
    .init(60, "mi/hr", "m/s", 60 * Legal.mile / 3600),
    .init(1, "ft/s", "m/s", Legal.foot),
    .init(10, "km/hr", "m/s", 10 / 3.6),
    .init(1, "m/s^2", "ft/s^2", 1 / Legal.foot),
    .init(1, "kg.m^-1.s^-2", "Pa", 1),
    .init(1, "kg/m.s^2", "Pa", 1),
    .init(1, "ml/(kg*min)", "L/(kg*hr)", 0.06),
    .init(1, "kcal/(kg*hr)", "J/(kg*s)", Legal.calorie * 1000 / 3600),
    .init(1, "kcal/hr·kg", "Cal/(kg*hr)", 1),
    // Units that convert only to themselves
    .init(5, "IU", "IU", 5),
    .init(10, "IU/mL", "IU/L", 10_000),
    .init(20, "dBHL", "dBHL", 20),
    .init(3, "appleEffortScore", "appleEffortScore", 3),
    .init(2, "D", "D", 2),
    .init(1, "pD", "pD", 1),
]

@Suite struct UnitConversionTests {
    @Test func tableCoversEveryDimension() {
        #expect(conversions.count >= 80)
    }

    @Test(arguments: conversions)
    func converts(_ conversion: ConversionCase) throws {
        let from = try HKUnit(parsing: conversion.from)
        let to = try HKUnit(parsing: conversion.to)
        let converted = try #require(from.convert(conversion.value, to: to))
        let tolerance = 1e-9 * abs(conversion.expected)
        #expect(abs(converted - conversion.expected) <= tolerance, "got \(converted), expected \(conversion.expected)")
    }

    @Test(arguments: [
        ("IU", "mg"), ("IU", "count"), ("dBHL", "dBASPL"), ("dBHL", "count"), ("appleEffortScore", "count"),
        ("D", "1/m"), ("pD", "D"), ("pD", "deg"), ("count", "s"), ("kg", "L"), ("degC/min", "degC"),
        ("dBASPL/s", "Pa/s"), ("dBASPL^2", "Pa^2"), ("deg", "count"), ("rad", "count"), ("Hz", "count"),
        ("%", "s"), ("lx", "W"), ("mmol<180.156>/L", "mmol<180.156>"), ("count/min", "count"),
        ("kcal", "kcal/hr·kg"), ("V", "S"),
    ])
    func refusesIncompatibleUnits(_ from: String, _ to: String) throws {
        let from = try HKUnit(parsing: from)
        let to = try HKUnit(parsing: to)
        #expect(!from.isCompatible(with: to))
        #expect(from.convert(1, to: to) == nil)
    }

    /// Temperature scales meet at water's freezing point, so exact points stay exact (no detour through 273.15 K).
    @Test(arguments: [
        (32.0, "degF", "degC", 0.0), (0, "degC", "degF", 32), (273.15, "K", "degC", 0), (0, "degC", "K", 273.15),
    ])
    func freezingPointIsExact(value: Double, from: String, to: String, expected: Double) throws {
        let converted = try HKQuantity(unit: HKUnit(parsing: from), doubleValue: value).convertedValue(
            to: HKUnit(parsing: to))
        #expect(converted == expected)
    }

    @Test func equalUnitsReturnTheValueUnchanged() throws {
        let value = 0.1 + 0.2
        for string in ["mg/dL", "degF", "dBASPL", "mmol<180.15588000005408>/L", "count/min"] {
            let unit = try HKUnit(parsing: string)
            #expect(unit.convert(value, to: try HKUnit(parsing: string)) == value)
        }
    }

    @Test func soundPressureLevelRoundTrips() throws {
        let dB = HKUnit.decibelAWeightedSoundPressureLevel()
        let pascals = try #require(dB.convert(85, to: .pascal()))
        let back = try #require(HKUnit.pascal().convert(pascals, to: dB))
        #expect(abs(back - 85) < 1e-12)
        #expect(dB.isCompatible(with: .millimeterOfMercury()))
    }
}
