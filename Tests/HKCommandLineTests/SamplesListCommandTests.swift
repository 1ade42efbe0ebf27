import Foundation
import Testing
import OpenHealthKit
@testable import HKCommandLine

/// `hk samples [list]` through the real binary, against a store file of its own.
@Suite struct SamplesListCommandTests {
    @Test func jsonObjectsHaveExactlyTheNineKeys() async throws {
        let store = try TemporaryStore()
        let uuid = try await store.add([
            "stepCount", "120", "count", "--start", "2024-11-03T08:00:00Z", "--end", "2024-11-03T08:10:00Z",
        ])
        let samples = try await store.samples("stepCount", ["--timezone", "UTC"])
        #expect(samples.count == 1)
        let sample = try #require(samples.first)
        #expect(Set(sample.keys) == ["uuid", "type", "start", "end", "value", "unit", "source", "device", "metadata"])
        #expect(sample["uuid"] as? String == uuid)
        #expect(sample["type"] as? String == "stepCount")
        #expect(sample["start"] as? String == "2024-11-03T08:00:00+00:00")
        #expect(sample["end"] as? String == "2024-11-03T08:10:00+00:00")
        #expect(sample["value"] as? Double == 120)
        #expect(sample["unit"] as? String == "count")
        #expect(sample["source"] as? String == "Health")
        #expect(sample["device"] is NSNull)
        #expect(sample["metadata"] is NSNull)
    }

    @Test func jsonTextIsStable() async throws {
        let store = try TemporaryStore()
        let uuid = try await store.add(["bodyMass", "72.5", "kg", "--start", "2024-11-03T08:00:00+01:00"])
        let output = try await store.succeed([
            "samples", "bodyMass", "--unit", "kg", "--format", "json", "--timezone", "Europe/Paris",
        ])
        #expect(
            output == """
                [
                  {
                    "device" : null,
                    "end" : "2024-11-03T08:00:00+01:00",
                    "metadata" : null,
                    "source" : "Health",
                    "start" : "2024-11-03T08:00:00+01:00",
                    "type" : "bodyMass",
                    "unit" : "kg",
                    "uuid" : "\(uuid)",
                    "value" : 72.5
                  }
                ]

                """)
    }

    @Test func tableAndCSV() async throws {
        let store = try TemporaryStore()
        let uuid = try await store.add([
            "heartRate", "72", "count/min", "--start", "2024-11-03T09:00:00Z",
            "--metadata", "HKWasUserEntered=true", "--metadata", "note=after stairs, twice",
        ])
        let arguments = ["samples", "heartRate", "--unit", "count/min", "--timezone", "UTC"]
        let csv = try await store.succeed(arguments + ["--format", "csv"])
        #expect(
            csv == """
                uuid,type,start,end,value,unit,source,device,metadata
                \(uuid),heartRate,2024-11-03T09:00:00+00:00,2024-11-03T09:00:00+00:00,72,count/min,Health,,\
                "{""HKWasUserEntered"":true,""note"":""after stairs, twice""}"

                """)
        let table = try await store.succeed(arguments)
        let lines = table.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("uuid  "))
        #expect(lines[0].hasSuffix("source  device  metadata"))
        #expect(
            lines[1].hasPrefix(
                uuid + "  heartRate  2024-11-03T09:00:00+00:00  2024-11-03T09:00:00+00:00  72     count/min  Health"))
        #expect(lines[1].hasSuffix("{\"HKWasUserEntered\":true,\"note\":\"after stairs, twice\"}"))
    }

    @Test func emptyListings() async throws {
        let store = try TemporaryStore()
        #expect(try await store.samples("stepCount").isEmpty)
        #expect(
            try await store.succeed(["samples", "stepCount", "--format", "csv"])
                == "uuid,type,start,end,value,unit,source,device,metadata\n")
    }

    @Test func valuesInTheOwnersUnitOrInUnit() async throws {
        let store = try TemporaryStore()
        try await store.add(["bodyMass", "1", "lb", "--start", "2024-11-03T08:00:00Z"])
        try await store.add(["bodyTemperature", "98.6", "degF", "--start", "2024-11-03T08:00:00Z"])
        try await store.add(["heartRate", "90", "count/min", "--start", "2024-11-03T08:00:00Z"])
        #expect(try await store.samples("bodyMass", ["--unit", "g"]).first?["value"] as? Double == 453.59237)
        #expect(try await store.samples("bodyMass", ["--unit", "lb"]).first?["value"] as? Double == 1)
        #expect(try await store.samples("bodyMass", ["--unit", "g"]).first?["unit"] as? String == "g")
        #expect(try await store.samples("bodyTemperature", ["--unit", "degC"]).first?["value"] as? Double == 37)
        #expect(try await store.samples("heartRate", ["--unit", "Hz"]).first?["value"] as? Double == 1.5)
        // Without --unit: the owner's unit for the type, beats per minute for heart rate.
        let owners = try #require(try await store.samples("heartRate").first)
        #expect(owners["unit"] as? String == "count/min")
        #expect(owners["value"] as? Double == 90)
    }

    @Test func categoryValuesByCaseName() async throws {
        let store = try TemporaryStore()
        try await store.add([
            "sleepAnalysis", "asleepCore", "--start", "2024-11-03T01:00:00Z", "--end", "2024-11-03T02:00:00Z",
        ])
        try await store.add([
            "sleepAnalysis", "HKCategoryValueSleepAnalysisAsleepREM", "--start", "2024-11-03T02:00:00Z", "--end",
            "2024-11-03T02:30:00Z",
        ])
        try await store.add(["sleepAnalysis", "2", "--start", "2024-11-03T02:30:00Z", "--end", "2024-11-03T02:35:00Z"])
        let samples = try await store.samples("HKCategoryTypeIdentifierSleepAnalysis")
        #expect(samples.map { $0["value"] as? String } == ["asleepCore", "asleepREM", "awake"])
        #expect(samples.allSatisfy { $0["unit"] is NSNull && $0["type"] as? String == "sleepAnalysis" })
        let csv = try await store.succeed([
            "samples", "sleepAnalysis", "--format", "csv", "--limit", "1", "--timezone", "UTC",
        ])
        #expect(
            csv.hasSuffix(",sleepAnalysis,2024-11-03T01:00:00+00:00,2024-11-03T02:00:00+00:00,asleepCore,,Health,,\n"))
    }

    @Test func orderedByStartDateAndLimited() async throws {
        let store = try TemporaryStore()
        for hour in ["10", "08", "12", "09"] {
            try await store.add(["stepCount", hour, "count", "--start", "2024-11-03T\(hour):00:00Z"])
        }
        #expect(try await store.samples("stepCount").map { $0["value"] as? Double } == [8, 9, 10, 12])
        #expect(try await store.samples("stepCount", ["--limit", "2"]).map { $0["value"] as? Double } == [8, 9])
    }

    /// 2024-11-03 is 25 hours long in Los Angeles: clocks go back from 02:00 PDT (-07:00) to 01:00 PST (-08:00).
    @Test func fromAndToAreDatesInTheTimeZone() async throws {
        let store = try TemporaryStore()
        for (start, value) in [
            ("2024-11-03T06:59:00Z", "1"), ("2024-11-03T07:00:00Z", "2"), ("2024-11-03T09:30:00Z", "3"),
            ("2024-11-04T07:59:00Z", "4"), ("2024-11-04T08:00:00Z", "5"),
        ] {
            try await store.add(["stepCount", value, "count", "--start", start])
        }
        let losAngeles = try await store.samples(
            "stepCount", ["--from", "2024-11-03", "--to", "2024-11-04", "--timezone", "America/Los_Angeles"])
        #expect(losAngeles.map { $0["value"] as? Double } == [2, 3, 4])
        #expect(
            losAngeles.map { $0["start"] as? String } == [
                "2024-11-03T00:00:00-07:00", "2024-11-03T01:30:00-08:00", "2024-11-03T23:59:00-08:00",
            ])
        let paris = try await store.samples(
            "stepCount", ["--from", "2024-11-03", "--to", "2024-11-04", "--timezone", "Europe/Paris"])
        #expect(paris.map { $0["value"] as? Double } == [1, 2, 3])
        let instants = try await store.samples(
            "stepCount", ["--from", "2024-11-03T00:00:00-07:00", "--to", "2024-11-04T08:00:00Z"])
        #expect(instants.map { $0["value"] as? Double } == [2, 3, 4])
        #expect(
            try await store.samples("stepCount", ["--from", "2024-11-04T07:59:00Z"]).map { $0["value"] as? Double } == [
                4, 5,
            ])
        #expect(
            try await store.samples("stepCount", ["--to", "2024-11-03T07:00:00Z"]).map { $0["value"] as? Double } == [1]
        )
    }

    @Test func fromKeepsSamplesThatStartInTheRange() async throws {
        let store = try TemporaryStore()
        try await store.add([
            "sleepAnalysis", "inBed", "--start", "2024-11-02T23:00:00Z", "--end", "2024-11-03T07:00:00Z",
        ])
        #expect(try await store.samples("sleepAnalysis", ["--from", "2024-11-03", "--timezone", "UTC"]).isEmpty)
        #expect(
            try await store.samples(
                "sleepAnalysis", ["--from", "2024-11-02", "--to", "2024-11-03", "--timezone", "UTC"]
            ).count == 1)
    }

    @Test func sourceFilter() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "1", "count", "--start", "2024-11-03T08:00:00Z"])
        try await store.add(["stepCount", "2", "count", "--start", "2024-11-03T09:00:00Z", "--source", "My Scale"])
        try await store.add(["stepCount", "3", "count", "--start", "2024-11-03T10:00:00Z", "--source", "Pedometer"])
        #expect(
            try await store.samples("stepCount").map { $0["source"] as? String } == ["Health", "My Scale", "Pedometer"])
        #expect(try await store.samples("stepCount", ["--source", "My Scale"]).map { $0["value"] as? Double } == [2])
        #expect(try await store.samples("stepCount", ["--source", "Health"]).map { $0["value"] as? Double } == [1])
        #expect(
            try await store.samples("stepCount", ["--source", "org.openhealthkit.owner.pedometer"]).map {
                $0["value"] as? Double
            } == [3])
        #expect(try await store.samples("stepCount", ["--source", "Nobody"]).isEmpty)
        #expect(
            try await store.samples("stepCount", ["--source", "Pedometer", "--to", "2024-11-03T10:00:00Z"]).isEmpty)
    }

    @Test func listIsTheDefaultSubcommand() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "7", "count"])
        #expect(
            try await store.succeed(["samples", "list", "stepCount", "--format", "csv"])
                == store.succeed(["samples", "stepCount", "--format", "csv"]))
    }

    @Test func badInput() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "7", "count"])
        try await store.expectBadInput(["samples", "nosuchType"], naming: "nosuchType")
        try await store.expectBadInput(["samples", "bloodPressure"], naming: "correlation")
        try await store.expectBadInput(["samples", "workout"], naming: "workout")
        try await store.expectBadInput(["samples", "biologicalSex"], naming: "hk me")
        try await store.expectBadInput(
            ["samples", "stepCount", "--unit", "kg"], naming: "kg is not compatible with stepCount")
        try await store.expectBadInput(["samples", "stepCount", "--unit", "furlong"], naming: "furlong")
        try await store.expectBadInput(["samples", "sleepAnalysis", "--unit", "count"], naming: "category")
        try await store.expectBadInput(["samples", "stepCount", "--from", "2024-13-01"], naming: "2024-13-01")
        try await store.expectBadInput(
            ["samples", "stepCount", "--to", "2024-11-03T01:30:00"], naming: "2024-11-03T01:30:00")
        try await store.expectBadInput(
            ["samples", "stepCount", "--from", "2024-11-04", "--to", "2024-11-03"], naming: "--to")
        try await store.expectBadInput(["samples", "stepCount", "--timezone", "Mars/Olympus"], naming: "Mars/Olympus")
        try await store.expectBadInput(["samples", "stepCount", "--limit", "0"], naming: "--limit")
        try await store.expectBadInput(["samples", "stepCount", "--limit", "many"], naming: "many")
        try await store.expectBadInput(["samples", "stepCount", "--format", "xml"], naming: "xml")
        try await store.expectBadInput(["samples"], naming: "<type>")
    }

    @Test func aDeviceIsItsPropertiesThatHaveAValueUnderHealthKitsNames() throws {
        let device = HKDevice(
            name: "Strap", manufacturer: "Acme", model: "S1", hardwareVersion: nil, firmwareVersion: "2.1",
            softwareVersion: nil,
            localIdentifier: nil, UDIDeviceIdentifier: "(01)0123")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let sample = HKQuantitySample(
            type: HKQuantityType(.heartRate),
            quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 72),
            start: date, end: date, device: device, metadata: nil)
        let record = try SampleRecord(sample, unit: nil, timeZone: TimeZone(identifier: "UTC")!)
        #expect(
            try JSONRenderer.compact(record.device)
                == #"{"firmwareVersion":"2.1","manufacturer":"Acme","model":"S1","name":"Strap","udiDeviceIdentifier":"(01)0123"}"#
        )
    }
}
