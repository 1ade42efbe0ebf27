import ArgumentParser
import Foundation
import Testing
@testable import HKCommandLine
import OpenHealthKitModel

@Suite struct DateInputTests {
    private let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    private let utc = TimeZone(identifier: "UTC")!

    private func date(_ text: String, in zone: TimeZone? = nil) throws -> Date {
        try CommandLineInput.date(text, timeZone: zone ?? losAngeles)
    }

    @Test func bareDateIsMidnightInTheZone() throws {
        #expect(try date("2024-11-03").formattedForOutput(in: losAngeles) == "2024-11-03T00:00:00-07:00")
        #expect(try date("2024-11-04").formattedForOutput(in: losAngeles) == "2024-11-04T00:00:00-08:00")
        #expect(try date("2024-11-03", in: utc) == Date(timeIntervalSince1970: 1_730_592_000))
    }

    /// Where a clock change skips midnight, the day starts at the first moment after it.
    @Test func dayWithoutMidnightStartsAtItsFirstMoment() throws {
        let santiago = TimeZone(identifier: "America/Santiago")!
        #expect(try date("2024-09-08", in: santiago).formattedForOutput(in: santiago) == "2024-09-08T01:00:00-03:00")
    }

    @Test func dateTimesWithOffsets() throws {
        let instant = Date(timeIntervalSince1970: 1_730_622_600)  // 2024-11-03T08:30:00Z
        #expect(try date("2024-11-03T01:30:00-07:00") == instant)
        #expect(try date("2024-11-03T08:30:00Z") == instant)
        #expect(try date("2024-11-03T08:30Z") == instant)
        #expect(try date("2024-11-03T10:00:00+0130") == instant)
        #expect(try date("2024-11-03T09:30:00+01") == instant)
        #expect(try date("2024-11-03T08:30:00.25Z") == instant.addingTimeInterval(0.25))
    }

    @Test(arguments: [
        "", "2024", "2024-11", "2024-13-01", "2024-02-30", "24-11-03", "2024-11-03T01:30:00", "2024-11-03T25:00Z",
        "2024-11-03T01:30:00-07:00x", "2024-11-03 01:30Z", "2024-11-03T01:30:00.Z", "yesterday", "２０２４-11-03",
    ])
    func malformedDatesAreInvalidArguments(text: String) {
        #expect {
            try date(text)
        } throws: { error in
            (error as? HKError)?.code == .errorInvalidArgument
                && (error as? HKError)?.message.contains("'\(text)'") == true
        }
    }

    @Test func outputKeepsMillisecondsOnlyWhenPresent() {
        let instant = Date(timeIntervalSince1970: 1_730_622_600.25)
        #expect(instant.formattedForOutput(in: utc) == "2024-11-03T08:30:00.250+00:00")
        #expect(
            Date(timeIntervalSince1970: 0).formattedForOutput(in: TimeZone(secondsFromGMT: 19800)!)
                == "1970-01-01T05:30:00+05:30")
    }

    @Test func timeZoneOption() throws {
        #expect(try TimeZoneOption.parse(["--timezone", "Europe/Paris"]).timeZone().identifier == "Europe/Paris")
        #expect(try TimeZoneOption.parse([]).timeZone() == .current)
        let error = #expect(throws: HKError.self) {
            try TimeZoneOption.parse(["--timezone", "Mars/Olympus"]).timeZone()
        }
        #expect(error?.code == .errorInvalidArgument)
    }
}
