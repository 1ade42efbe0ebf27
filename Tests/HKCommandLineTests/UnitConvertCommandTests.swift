import Testing

/// `hk unit convert` through the real binary. The conversions need the units implementation (HKUnit/HKQuantity);
/// the usage errors do not.
@Suite struct UnitConvertCommandTests {
    @Test(arguments: [
        (["98.6", "degF", "degC"], "37"),
        (["-40", "degC", "degF"], "-40"),
        (["-40", "degF", "degC"], "-40"),
        (["0", "degC", "degF"], "32"),
        (["-273.15", "degC", "K"], "0"),
        (["-10", "degC", "degF"], "14"),
        (["1", "mi", "km"], "1.609344"),
        (["1", "lb", "g"], "453.59237"),
        (["2", "L", "mL"], "2000"),
        (["1", "kcal", "kJ"], "4.184"),
        (["90", "count/min", "Hz"], "1.5"),
        (["1", "atm", "kPa"], "101.325"),
        (["-2.5", "m", "cm"], "-250"),
        (["1e-7", "m", "km"], "1e-10"),
    ])
    func converts(operands: [String], expected: String) async throws {
        let result = try await HKProcess.run(["unit", "convert"] + operands)
        #expect(result.status == 0, "\(operands): \(result.stderr)")
        #expect(result.stdout == expected + "\n", "\(operands)")
        #expect(result.stderr.isEmpty)
    }

    @Test func valueAfterTheOptionTerminator() async throws {
        let result = try await HKProcess.run(["unit", "convert", "--", "-40", "degC", "degF"])
        #expect(result.stdout == "-40\n")
    }

    @Test(arguments: [
        (["1", "furlong", "m"], "furlong"),
        (["1", "m", "parsec"], "parsec"),
        (["1", "degC", "kg"], "degC"),
        (["1", "count/min", "mg/dL"], "mg/dL"),
    ])
    func unknownOrIncompatibleUnitsAreBadInput(operands: [String], named: String) async throws {
        try await expectBadInput(["unit", "convert"] + operands, naming: named)
    }

    @Test(arguments: [
        (["abc", "degC", "degF"], "abc"),
        (["nan", "degC", "degF"], "nan"),
        (["1", "degC"], "<to>"),
        (["1", "m", "m", "extra"], "extra"),
        (["--bogus", "1", "m", "m"], "--bogus"),
        (["-x", "m", "m"], "-x"),
    ])
    func badOperandsAreBadInput(operands: [String], named: String) async throws {
        try await expectBadInput(["unit", "convert"] + operands, naming: named)
    }
}

/// `hk arguments...` exits 2, prints nothing on stdout and one line `hk: ...` naming `problem` on stderr.
func expectBadInput(_ arguments: [String], naming problem: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
{
    let result = try await HKProcess.run(arguments)
    #expect(result.status == 2, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("hk: "), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(problem), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
}
