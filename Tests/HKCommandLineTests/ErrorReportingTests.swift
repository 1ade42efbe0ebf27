import ArgumentParser
import Testing
@testable import HKCommandLine
import OpenHealthKitModel

@Suite struct ErrorReportingTests {
    @Test func exitStatuses() {
        #expect(ExitStatus(for: HKError.invalidArgument("bad")) == .badInput)
        #expect(ExitStatus(for: ValidationError("bad")) == .badInput)
        #expect(ExitStatus(for: HKError(.errorDatabaseInaccessible, "locked")) == .failure)
        #expect(ExitStatus(for: CleanExit.helpRequest()) == nil)
        #expect(ExitStatus(for: ExitCode.success) == nil)
        #expect(ExitStatus(for: ExitCode(2)) == .badInput)
    }

    @Test func parseErrorsAreBadInput() {
        #expect(throws: Error.self) { try HK.parseAsRoot(["unit", "convert", "1"]) }
        do {
            _ = try HK.parseAsRoot(["types", "--kind", "nope"])
            Issue.record("an unknown --kind was accepted")
        } catch {
            #expect(ExitStatus(for: error) == .badInput)
            #expect(
                HK.errorLine(for: error)
                    == "hk: The value 'nope' is invalid for '--kind <kind>'. Please provide one of the following: quantity, category, characteristic, correlation, workout, series, electrocardiogram, audiogram, activitySummary"
            )
        }
    }

    @Test func errorLines() {
        #expect(HK.errorLine(for: HKError.invalidArgument("unknown type 'x'")) == "hk: unknown type 'x'")
        #expect(HK.errorLine(for: ValidationError("first\nsecond")) == "hk: first second")
        #expect(HK.errorLine(for: ExitCode.failure) == nil)
    }
}
