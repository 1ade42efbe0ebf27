import Foundation
import Testing

/// `hk samples add` through the real binary, against a store file of its own.
@Suite struct SamplesAddCommandTests {
    @Test func printsTheNewUUID() async throws {
        let store = try TemporaryStore()
        let result = try await store.run(["samples", "add", "stepCount", "42", "count"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(result.stdout == line + "\n")
        #expect(UUID(uuidString: line) != nil)
        #expect(try await store.samples("stepCount").map { $0["uuid"] as? String } == [line])
    }

    @Test func startDefaultsToNowAndEndToStart() async throws {
        let store = try TemporaryStore()
        let before = Date()
        try await store.add(["stepCount", "42", "count"])
        try await store.add(["stepCount", "43", "count", "--start", "2024-11-03T08:00:00-05:00"])
        let samples = try await store.samples("stepCount", ["--timezone", "UTC"])
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let start = try #require(
            (samples[1]["start"] as? String).flatMap {
                formatter.date(from: $0) ?? ISO8601DateFormatter().date(from: $0)
            })
        #expect(abs(start.timeIntervalSince(before)) < 60)
        #expect(samples[1]["end"] as? String == samples[1]["start"] as? String)
        #expect(samples[0]["start"] as? String == "2024-11-03T13:00:00+00:00")
        #expect(samples[0]["end"] as? String == "2024-11-03T13:00:00+00:00")
    }

    @Test func bareDatesStartInTheTimeZone() async throws {
        let store = try TemporaryStore()
        try await store.add([
            "stepCount", "1", "count", "--start", "2024-11-03", "--end", "2024-11-04", "--timezone",
            "America/Los_Angeles",
        ])
        let sample = try #require(try await store.samples("stepCount", ["--timezone", "UTC"]).first)
        #expect(sample["start"] as? String == "2024-11-03T07:00:00+00:00")
        #expect(sample["end"] as? String == "2024-11-04T08:00:00+00:00")
    }

    @Test func valuesAreStoredInTheirUnitAndConverted() async throws {
        let store = try TemporaryStore()
        try await store.add(["bodyTemperature", "-40", "degF", "--start", "2024-11-03T08:00:00Z"])
        try await store.add(["bloodGlucose", "5.5", "mmol<180.15588000005408>/L", "--start", "2024-11-03T09:00:00Z"])
        #expect(try await store.samples("bodyTemperature", ["--unit", "degC"]).first?["value"] as? Double == -40)
        #expect(try await store.samples("bloodGlucose", ["--unit", "mg/dL"]).first?["value"] as? Double == 99.085734)
    }

    @Test func metadataValueKinds() async throws {
        let store = try TemporaryStore()
        try await store.add([
            "stepCount", "1", "count", "--start", "2024-11-03T08:00:00Z", "--timezone", "Europe/Paris",
            "--metadata", "HKWasUserEntered=true",
            "--metadata", "HKMetadataKeyElevationAscended=418 cm",
            "--metadata", "HKMetadataKeyTimeZone=Europe/Paris",
            "--metadata", "HKMetadataKeyExternalUUID=1234",
            "--metadata", "HKWeatherCondition=3",
            "--metadata", "HKDateOfEarliestDataUsedForEstimate=2024-11-01",
            "--metadata", "count=12",
            "--metadata", "ratio=0.25",
            "--metadata", "checked=false",
            "--metadata", "distance=3 km",
            "--metadata", "note=x=y",
            "--metadata", "empty=",
        ])
        let metadata = try #require(
            try await store.samples("stepCount", ["--timezone", "Europe/Paris"]).first?["metadata"] as? [String: Any])
        #expect(metadata["HKWasUserEntered"] as? Bool == true)
        #expect(metadata["HKElevationAscended"] as? String == "418 cm")
        #expect(metadata["HKTimeZone"] as? String == "Europe/Paris")
        #expect(metadata["HKExternalUUID"] as? String == "1234")
        #expect(metadata["HKWeatherCondition"] as? Double == 3)
        #expect(metadata["HKDateOfEarliestDataUsedForEstimate"] as? String == "2024-11-01T00:00:00+01:00")
        #expect(metadata["count"] as? Double == 12)
        #expect(metadata["ratio"] as? Double == 0.25)
        #expect(metadata["checked"] as? Bool == false)
        #expect((metadata["checked"] as? NSNumber).map { String(cString: $0.objCType) } == "c")
        #expect(metadata["distance"] as? String == "3 km")
        #expect(metadata["note"] as? String == "x=y")
        #expect(metadata["empty"] as? String == "")
        #expect(metadata.count == 12)
    }

    @Test func sourceName() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "1", "count", "--source", "My Scale"])
        #expect(try await store.samples("stepCount").first?["source"] as? String == "My Scale")
    }

    @Test func badInputChangesNothing() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "7", "count", "--start", "2024-11-03T08:00:00Z"])
        let add = ["samples", "add"]
        try await store.expectBadInput(add + ["nosuchType", "1", "count"], naming: "nosuchType")
        try await store.expectBadInput(add + ["bloodPressure", "1", "mmHg"], naming: "correlation")
        try await store.expectBadInput(add + ["stepCount", "1", "kg"], naming: "kg")
        try await store.expectBadInput(add + ["stepCount", "1", "furlong"], naming: "furlong")
        try await store.expectBadInput(add + ["stepCount", "1"], naming: "<unit>")
        try await store.expectBadInput(add + ["stepCount"], naming: "<value>")
        try await store.expectBadInput(add + ["stepCount", "many", "count"], naming: "many")
        try await store.expectBadInput(add + ["stepCount", "nan", "count"], naming: "nan")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "extra"], naming: "extra")
        try await store.expectBadInput(add + ["sleepAnalysis", "dozing"], naming: "asleepCore")
        try await store.expectBadInput(add + ["sleepAnalysis", "99"], naming: "99")
        try await store.expectBadInput(add + ["sleepAnalysis", "asleepCore", "count"], naming: "no unit")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "--start", "yesterday"], naming: "yesterday")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "--end", "2024-02-30"], naming: "2024-02-30")
        try await store.expectBadInput(
            add + ["stepCount", "1", "count", "--start", "2024-11-03T10:00:00Z", "--end", "2024-11-03T09:00:00Z"],
            naming: "startDate")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "--metadata", "novalue"], naming: "novalue")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "--metadata", "=1"], naming: "=1")
        try await store.expectBadInput(
            add + ["stepCount", "1", "count", "--metadata", "a=1", "--metadata", "a=2"], naming: "twice")
        try await store.expectBadInput(
            add + ["stepCount", "1", "count", "--metadata", "HKWasUserEntered=maybe"], naming: "maybe")
        try await store.expectBadInput(
            add + ["stepCount", "1", "count", "--metadata", "HKElevationAscended=418"], naming: "418")
        try await store.expectBadInput(
            add + ["stepCount", "1", "count", "--metadata", "HKWeatherCondition=sunny"], naming: "sunny")
        try await store.expectBadInput(
            add + ["stepCount", "1", "count", "--metadata", "HKMetadataKeySyncIdentifier=a"],
            naming: "HKMetadataKeySyncVersion")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "--source", "!!"], naming: "!!")
        try await store.expectBadInput(add + ["stepCount", "1", "count", "--bogus"], naming: "--bogus")
    }

    @Test func badInputCreatesNoStore() async throws {
        let store = try TemporaryStore()
        let result = try await store.run(["samples", "add", "stepCount", "1", "kg"])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
