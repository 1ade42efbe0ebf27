import Testing

/// The conventions every `hk` command shares: help on stdout, one-line errors with status 2.
@Suite struct CommandLineConventionTests {
    @Test func helpGoesToStdoutWithStatus0() async throws {
        let result = try await HKProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hk <subcommand>"))
        #expect(result.stderr.isEmpty)
    }

    @Test func subcommandHelp() async throws {
        let result = try await HKProcess.run(["unit", "convert", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hk unit convert <value> <from> <to>"))
    }

    @Test func usageErrorsAreOneLineWithStatus2() async throws {
        try await expectBadInput(["frobnicate"], naming: "frobnicate")
        try await expectBadInput(["types", "--no-such-option"], naming: "--no-such-option")
        try await expectBadInput(["unit", "convert", "1"], naming: "<from>")
    }
}
