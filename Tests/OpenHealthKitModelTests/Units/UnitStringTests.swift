import Foundation
import Testing
@testable import OpenHealthKitModel

/// The canonical unit of every quantity type in `Reference/quantity-types.csv`, with notes like
/// " (unconfirmed)" removed.
private func referenceCanonicalUnits() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let csv = try String(contentsOf: root.appendingPathComponent("Reference/quantity-types.csv"), encoding: .utf8)
    let rows = csv.split(whereSeparator: \.isNewline).dropFirst()
    // The first three columns are never quoted: identifier, raw_string, canonical_unit.
    return rows.map { row in
        let unit = row.split(separator: ",", omittingEmptySubsequences: false)[2]
        return String(unit.split(separator: " ").first ?? unit)
    }
}

@Suite struct UnitStringTests {
    @Test func everyReferenceCanonicalUnitRoundTrips() throws {
        let units = try referenceCanonicalUnits()
        #expect(units.count > 100)
        for string in units {
            let unit = try HKUnit(parsing: string)
            let reparsed = try HKUnit(parsing: unit.unitString)
            #expect(reparsed == unit, "\(string) printed as \(unit.unitString)")
            #expect(reparsed.unitString == unit.unitString)
        }
    }

    @Test(arguments: [
        ("count", "count"), ("count/min", "count/min"), ("count/s", "count/s"), ("mg/dL", "mg/dL"),
        ("m/s", "m/s"), ("L/min", "L/min"), ("kcal", "kcal"), ("mL", "mL"), ("ms", "ms"), ("%", "%"),
        ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>/L"),
        // HealthKit prints compounds with "·" and without parentheses (its Health export writes these).
        ("ml/(kg*min)", "mL/min·kg"), ("kcal/(kg*hr)", "kcal/hr·kg"), ("mL/min·kg", "mL/min·kg"),
        ("kg/m.s^2", "kg/s^2·m"), ("kg.m^-1.s^-2", "kg/s^2·m"), ("kg*m^2*s^-3", "kg·m^2/s^3"),
        ("s^-1", "1/s"), ("1/s", "1/s"), ("1/count^6", "1/count^6"), ("L/L", "()"), ("()", "()"), ("m^0", "()"),
        ("1", "()"), ("µg", "mcg"), ("μs", "mcs"), ("l", "L"), ("dl", "dL"), ("(m*s)^2", "s^2·m^2"),
        ("((m))", "m"), ("m.m", "m^2"), ("m/m^3", "1/m^2"), ("mol<180>", "mol<180>"), ("mol<2.5e-07>", "mol<2.5e-07>"),
        ("g*kg", "g·kg"), ("dL/L", "dL/L"), ("IU/mL", "IU/mL"), ("W/m^2", "W/m^2"),
    ])
    func printsCanonically(_ string: String, _ expected: String) throws {
        let unit = try HKUnit(parsing: string)
        #expect(unit.unitString == expected)
        #expect(unit.description == expected)
        #expect(try HKUnit(parsing: expected) == unit)
    }

    @Test func parsesEachAmbiguousStringAsHealthKitDoes() throws {
        let expectations: [(String, HKUnit)] = [
            ("min", .minute()), ("mi", .mile()), ("mmHg", .millimeterOfMercury()), ("cmAq", .centimeterOfWater()),
            ("inHg", .inchesOfMercury()), ("in", .inch()), ("d", .day()), ("dL", .literUnit(with: .deci)),
            ("pD", .prismDiopter()), ("D", .diopter()), ("Pa", .pascal()), ("hPa", .pascalUnit(with: .hecto)),
            ("cal", .smallCalorie()), ("Cal", .largeCalorie()), ("kcal", .kilocalorie()),
            ("kJ", .jouleUnit(with: .kilo)),
            ("mcg", .gramUnit(with: .micro)), ("dam", .meterUnit(with: .deca)), ("dg", .gramUnit(with: .deci)),
            ("ms", .secondUnit(with: .milli)), ("Ms", .secondUnit(with: .mega)), ("mS", .siemenUnit(with: .milli)),
            ("ml", .literUnit(with: .milli)), ("fL", .literUnit(with: .femto)), ("ft", .foot()),
            ("deg", .degreeAngle()),
            ("degC", .degreeCelsius()), ("dBASPL", .decibelAWeightedSoundPressureLevel()),
            ("dBHL", .decibelHearingLevel()),
            ("Hz", .hertz()), ("kHz", .hertzUnit(with: .kilo)), ("st", .stone()), ("s", .second()), ("hr", .hour()),
            ("lx", .lux()), ("l", .liter()),
            ("mmol<180.15588000005408>", .moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose)),
        ]
        for (string, unit) in expectations {
            #expect(try HKUnit(parsing: string) == unit, "\(string)")
        }
        #expect(try HKUnit(parsing: "kcal") != HKUnit(parsing: "Cal"))
    }

    @Test(arguments: [
        ("", "empty"), ("kg//m", "expected a unit at character 4"), ("m/s/s", "only one \"/\""),
        ("ml/kg/min", "only one \"/\""), ("xyz", "unknown unit \"xyz\""), ("mol<abc>", "not a positive number"),
        ("mol<-1>", "not a positive number"), ("mol<0>", "not a positive number"),
        ("mol<inf>", "not a positive number"),
        ("mol<>", "not a positive number"), ("mol<180", "\">\" is missing"), ("g<5>", "only mol takes a molar mass"),
        ("mol", "needs its molar mass"), ("mmol", "needs its molar mass"), ("m^", "integer exponent"),
        ("m^x", "integer exponent"), ("m^1.5", "found \"5\""),
        ("kg^99999999999", "integer exponent"), ("kg m", "unexpected \" \""), ("(m", "\")\" is missing"),
        ("m)", "unexpected \")\""), ("(m/s)", "cannot appear inside parentheses"), ("m/", "missing at the end"),
        ("/s", "expected a unit at character 1"), ("*m", "expected a unit at character 1"), ("m**s", "character 3"),
        ("kcount", "applies only to SI units, not to \"count\""), ("klb", "not to \"lb\""), ("mcal", "not to \"cal\""),
        ("kCal", "not to \"Cal\""), ("da", "unknown unit \"da\""), ("h", "unknown unit \"h\""),
        ("10", "unexpected \"0\""),
        ("1/", "missing at the end"), ("count/min ", "unexpected \" \""),
    ])
    func rejectsInvalidStrings(_ string: String, _ problem: String) {
        do {
            _ = try HKUnit(parsing: string)
            Issue.record("\"\(string)\" parsed")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.message.hasPrefix("Unable to parse factorization string \"\(string)\""))
            #expect(error.message.contains(problem), "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func invalidStringRaisesInTheAppleShapedInitializer() async {
        await #expect(processExitsWith: .failure) {
            _ = HKUnit(from: "kg//m")
        }
    }

    @Test func parsesConcurrentlyFromManyThreads() async throws {
        let strings = ["count/min", "mg/dL", "mL/min·kg", "mmol<180.15588000005408>/L", "kcal", "degF", "m/s"]
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                let string = strings[index % strings.count]
                group.addTask { try HKUnit(parsing: string) == HKUnit(parsing: string) }
            }
            for try await equal in group {
                #expect(equal)
            }
        }
    }
}
