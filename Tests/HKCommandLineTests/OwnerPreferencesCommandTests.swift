import Foundation
import Testing
@testable import HKCommandLine
import OpenHealthKit
import OpenHealthKitEngine

/// `hk` speaks the owner's units and counts days in the owner's time zone (both chosen on Health's Me page), and
/// takes the shared options before the command as well as after it.
@Suite struct OwnerPreferencesCommandTests {
    @Test func sharedOptionsMayComeBeforeTheCommand() async throws {
        let store = try TemporaryStore()
        let added = try await HKProcess.run(
            [
                "--store", store.path, "samples", "add", "heartRate", "72", "count/min", "--start",
                "2024-11-03T08:00:00Z",
            ])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try await HKProcess.run(
            ["--store=\(store.path)", "--format", "csv", "--timezone", "UTC", "samples", "heartRate"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("uuid,type,start,end,value,unit,source,device,metadata\n"))
        #expect(listed.stdout.contains(",heartRate,2024-11-03T08:00:00+00:00,2024-11-03T08:00:00+00:00,72,count/min,"))
    }

    @Test func aSharedOptionTheCommandDoesNotTakeIsRefusedByName() async throws {
        let result = try await HKProcess.run(["--store", "/tmp/x.sqlite", "unit", "convert", "1", "kg", "g"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("hk: Unknown option '--store'"))
    }

    @Test func leadingSharedOptionsMoveAfterTheCommandsArguments() {
        #expect(
            GlobalOptions.normalized(["--store", "a", "samples", "add", "x", "--", "-1"])
                == ["samples", "add", "x", "--store", "a", "--", "-1"])
        #expect(GlobalOptions.normalized(["--store=a", "stats", "x"]) == ["stats", "x", "--store=a"])
        #expect(GlobalOptions.normalized(["samples", "x", "--store", "a"]) == ["samples", "x", "--store", "a"])
        #expect(GlobalOptions.normalized(["--store", "a"]) == ["--store", "a"])
        #expect(GlobalOptions.normalized(["--help"]) == ["--help"])
    }

    @Test func heartRatesPrintInBeatsPerMinuteAndChosenUnitsAsChosen() async throws {
        let store = try TemporaryStore()
        try await store.add(["heartRate", "1.5", "count/s", "--start", "2024-11-03T08:00:00Z"])
        try await store.add(["bodyMass", "70", "kg", "--start", "2024-11-03T08:00:00Z"])
        #expect(try await store.samples("heartRate").first?["value"] as? Double == 90)
        try await EngineRegistry.engine(for: .file(store.path)).setPreferredUnit(
            .pound(), for: HKQuantityType(.bodyMass))
        let mass = try #require(try await store.samples("bodyMass").first)
        #expect(mass["unit"] as? String == "lb")
        #expect(abs((mass["value"] as? Double ?? 0) - 154.323_583_529) < 1e-6)
        let stats = try await store.succeed(["stats", "bodyMass", "--format", "csv", "--timezone", "UTC"])
        #expect(stats.split(separator: "\n").last?.hasSuffix(",lb") == true)
    }

    @Test func datesFollowTheOwnersTimeZoneUnlessTimezoneSaysOtherwise() async throws {
        let store = try TemporaryStore()
        try await store.add([
            "stepCount", "100", "count", "--start", "2024-11-03T23:30:00Z", "--end", "2024-11-03T23:40:00Z",
        ])
        try await EngineRegistry.engine(for: .file(store.path)).setOwnerTimeZone(TimeZone(identifier: "Europe/Paris"))
        #expect(try await store.samples("stepCount").first?["start"] as? String == "2024-11-04T00:30:00+01:00")
        // A bare date starts at midnight in the owner's zone: the sample is on the 4th in Paris.
        let daily = try await store.succeed(
            [
                "stats", "stepCount", "--interval", "day", "--from", "2024-11-04", "--to", "2024-11-05", "--format",
                "csv",
            ])
        #expect(daily == "start,end,sum,unit\n2024-11-04T00:00:00+01:00,2024-11-05T00:00:00+01:00,100,count\n")
        let utc = try await store.samples("stepCount", ["--timezone", "UTC"])
        #expect(utc.first?["start"] as? String == "2024-11-03T23:30:00+00:00")
    }
}
