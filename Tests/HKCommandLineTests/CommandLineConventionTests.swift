import Testing

/// The conventions every `hk` command shares: help on stdout, one-line errors with status 2.
@Suite struct CommandLineConventionTests {
    @Test func helpGoesToStdoutWithStatus0() throws {
        let result = try HKProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hk <subcommand>"))
        #expect(result.stderr.isEmpty)
    }

    @Test func subcommandHelp() throws {
        let result = try HKProcess.run(["unit", "convert", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hk unit convert <value> <from> <to>"))
    }

    @Test func usageErrorsAreOneLineWithStatus2() throws {
        try expectBadInput(["frobnicate"], naming: "frobnicate")
        try expectBadInput(["types", "--no-such-option"], naming: "--no-such-option")
        try expectBadInput(["unit", "convert", "1"], naming: "<from>")
    }
}
