import Foundation
import Testing

/// `hk types` through the real binary.
@Suite struct TypesCommandTests {
    private func jsonEntries(_ arguments: [String] = []) async throws -> [[String: Any]] {
        let result = try await HKProcess.run(["types", "--format", "json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func jsonListsTheWholeCatalog() async throws {
        let entries = try await jsonEntries()
        let byKind = Dictionary(grouping: entries) { $0["kind"] as? String ?? "" }.mapValues(\.count)
        #expect(
            byKind == [
                "quantity": 121, "category": 72, "characteristic": 6, "correlation": 2, "workout": 1, "series": 2,
                "electrocardiogram": 1, "audiogram": 1,
                "activitySummary": 1,
            ])
        #expect(Set(entries.compactMap { $0["name"] as? String }).count == entries.count)
    }

    @Test func jsonQuantityEntry() async throws {
        let entry = try #require(try await jsonEntries().first { $0["name"] as? String == "heartRate" })
        #expect(entry["identifier"] as? String == "HKQuantityTypeIdentifierHeartRate")
        #expect(entry["kind"] as? String == "quantity")
        #expect(entry["unit"] as? String == "count/s")  // as in Reference/quantity-types.csv
        #expect(entry["aggregationStyle"] as? String == "discreteTemporallyWeighted")
        #expect(entry["writable"] as? Bool == true)
        #expect(entry["values"] == nil)
    }

    @Test func aggregationStylesUseApplesCaseNames() async throws {
        let styles = Set(
            try await jsonEntries(["--kind", "quantity"]).compactMap { $0["aggregationStyle"] as? String })
        #expect(
            styles == [
                "cumulative", "discreteArithmetic", "discreteTemporallyWeighted", "discreteEquivalentContinuousLevel",
            ])
    }

    @Test func jsonCategoryEntry() async throws {
        let entry = try #require(try await jsonEntries().first { $0["name"] as? String == "sleepAnalysis" })
        #expect(entry["unit"] == nil)
        #expect(entry["aggregationStyle"] == nil)
        let values = try #require(entry["values"] as? [[String: Any]])
        #expect(values.first?["name"] as? String == "inBed")
        #expect(values.first?["value"] as? Int == 0)
        #expect(values.contains { $0["name"] as? String == "asleepREM" && $0["value"] as? Int == 5 })
    }

    @Test func readOnlyTypesAreNotWritable() async throws {
        let entries = try await jsonEntries()
        let writable = { (name: String) in entries.first { $0["name"] as? String == name }?["writable"] as? Bool }
        #expect(writable("appleExerciseTime") == false)
        #expect(writable("bloodPressure") == false)
        #expect(writable("biologicalSex") == false)
        #expect(writable("workout") == true)
    }

    /// The deprecated `audioExposureEvent` and its successor share one raw string: both names are listed.
    @Test func bothAudioExposureEventNamesAreListed() async throws {
        let shared = try await jsonEntries().filter {
            $0["identifier"] as? String == "HKCategoryTypeIdentifierAudioExposureEvent"
        }
        #expect(
            Set(shared.compactMap { $0["name"] as? String }) == [
                "audioExposureEvent", "environmentalAudioExposureEvent",
            ])
    }

    @Test func jsonIsStable() async throws {
        let first = try await HKProcess.run(["types", "--format", "json"])
        let second = try await HKProcess.run(["types", "--format", "json"])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"aggregationStyle\" : \"cumulative\",\n    \"identifier\""))
    }

    @Test func csv() async throws {
        let result = try await HKProcess.run(["types", "--format", "csv", "--kind", "category"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "name,identifier,kind,unit,aggregationStyle,writable,values")
        #expect(lines.count == 73)
        #expect(lines.contains("appleStandHour,HKCategoryTypeIdentifierAppleStandHour,category,,,false,stood=0 idle=1"))
    }

    @Test func tableAlignsColumns() async throws {
        let result = try await HKProcess.run(["types", "--kind", "correlation"])
        #expect(
            result.stdout == """
                name           identifier                                kind         unit  aggregationStyle  writable  values
                bloodPressure  HKCorrelationTypeIdentifierBloodPressure  correlation                          false
                food           HKCorrelationTypeIdentifierFood           correlation                          false

                """)
    }

    @Test(arguments: ["stepCount", "stepcount", "HKQuantityTypeIdentifierStepCount"])
    func acceptsShortNamesAndRawIdentifiers(name: String) async throws {
        let result = try await HKProcess.run(["types", "--format", "csv", name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                name,identifier,kind,unit,aggregationStyle,writable,values
                stepCount,HKQuantityTypeIdentifierStepCount,quantity,count,cumulative,true,

                """)
    }

    @Test func severalTypesOfSeveralKinds() async throws {
        let names = try await jsonEntries(["sleepAnalysis", "HKCorrelationTypeIdentifierFood", "workout"]).compactMap {
            $0["name"] as? String
        }
        #expect(names == ["sleepAnalysis", "food", "workout"])
    }

    @Test func unknownTypeIsBadInput() async throws {
        try await expectBadInput(["types", "stepCounts"], naming: "stepCounts")
    }

    @Test func unknownKindOrFormatIsBadInput() async throws {
        try await expectBadInput(["types", "--kind", "quantities"], naming: "quantities")
        try await expectBadInput(["types", "--format", "xml"], naming: "xml")
    }
}
