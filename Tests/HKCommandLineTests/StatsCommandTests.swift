import Foundation
import Testing

/// `hk stats` through the real binary, against a store file of its own.
@Suite struct StatsCommandTests {
    /// `hk stats ARGUMENTS... --format json` parsed.
    private func stats(
        _ store: TemporaryStore, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [[String: Any]] {
        let output = try await store.succeed(
            ["stats"] + arguments + ["--format", "json"], sourceLocation: sourceLocation)
        return try #require(
            JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// Phone 1,000 steps 10:00–11:00 UTC, then Watch 600 steps 10:30–11:30: merged, the first source counts where
    /// they overlap.
    private func overlappingSteps() async throws -> TemporaryStore {
        let store = try TemporaryStore()
        try await store.add([
            "stepCount", "1000", "count", "--start", "2024-11-03T10:00:00Z", "--end", "2024-11-03T11:00:00Z",
            "--source", "Phone",
        ])
        try await store.add([
            "stepCount", "600", "count", "--start", "2024-11-03T10:30:00Z", "--end", "2024-11-03T11:30:00Z", "--source",
            "Watch",
        ])
        return store
    }

    @Test func dailySumsMergeSourcesByPriority() async throws {
        let store = try await overlappingSteps()
        let arguments = [
            "stepCount", "--interval", "day", "--from", "2024-11-03", "--to", "2024-11-05", "--timezone", "UTC",
            "--by-source",
        ]
        let days = try await stats(store, arguments)
        #expect(days.count == 2)
        #expect(days[0]["start"] as? String == "2024-11-03T00:00:00+00:00")
        #expect(days[0]["end"] as? String == "2024-11-04T00:00:00+00:00")
        #expect(days[0]["sum"] as? Double == 1300)  // phone 1,000 + watch 11:00–11:30 (300)
        let sources = try #require(days[0]["sources"] as? [String: [String: Any]])
        #expect(sources["Phone"]?["sum"] as? Double == 1000)
        #expect(sources["Watch"]?["sum"] as? Double == 600)
        #expect(days[1]["sum"] is NSNull)

        try await store.succeed(["sources", "priority", "stepCount", "--set", "Watch,Phone"])
        let reversed = try await stats(store, arguments)
        #expect(reversed[0]["sum"] as? Double == 1100)  // watch 600 + phone 10:00–10:30 (500)
        let reversedSources = try #require(reversed[0]["sources"] as? [String: [String: Any]])
        #expect(reversedSources["Phone"]?["sum"] as? Double == 1000)
        #expect(reversedSources["Watch"]?["sum"] as? Double == 600)
    }

    @Test func jsonShape() async throws {
        let store = try await overlappingSteps()
        let output = try await store.succeed([
            "stats", "stepCount", "--interval", "day", "--from", "2024-11-03", "--to", "2024-11-05", "--timezone",
            "UTC",
            "--by-source", "--format", "json",
        ])
        #expect(
            output == """
                [
                  {
                    "end" : "2024-11-04T00:00:00+00:00",
                    "sources" : {
                      "Phone" : {
                        "sum" : 1000,
                        "unit" : "count"
                      },
                      "Watch" : {
                        "sum" : 600,
                        "unit" : "count"
                      }
                    },
                    "start" : "2024-11-03T00:00:00+00:00",
                    "sum" : 1300,
                    "unit" : "count"
                  },
                  {
                    "end" : "2024-11-05T00:00:00+00:00",
                    "sources" : {
                      "Phone" : {
                        "sum" : null,
                        "unit" : "count"
                      },
                      "Watch" : {
                        "sum" : null,
                        "unit" : "count"
                      }
                    },
                    "start" : "2024-11-04T00:00:00+00:00",
                    "sum" : null,
                    "unit" : "count"
                  }
                ]

                """)
        let plain = try await stats(
            store,
            ["stepCount", "--interval", "day", "--from", "2024-11-03", "--to", "2024-11-04", "--timezone", "UTC"])
        #expect(plain.count == 1)
        #expect(Set(plain[0].keys) == ["start", "end", "sum", "unit"])
    }

    @Test func tableAndCSV() async throws {
        let store = try await overlappingSteps()
        let arguments = [
            "stats", "stepCount", "--interval", "day", "--from", "2024-11-03", "--to", "2024-11-05", "--timezone",
            "UTC",
        ]
        #expect(
            try await store.succeed(arguments + ["--by-source", "--format", "csv"]) == """
                start,end,sum,unit,sources.Phone.sum,sources.Watch.sum
                2024-11-03T00:00:00+00:00,2024-11-04T00:00:00+00:00,1300,count,1000,600
                2024-11-04T00:00:00+00:00,2024-11-05T00:00:00+00:00,,count,,

                """)
        #expect(
            try await store.succeed(arguments) == """
                start                      end                        sum   unit
                2024-11-03T00:00:00+00:00  2024-11-04T00:00:00+00:00  1300  count
                2024-11-04T00:00:00+00:00  2024-11-05T00:00:00+00:00        count

                """)
        #expect(
            try await store.succeed(["stats", "heartRate", "--format", "csv"])
                == "start,end,average,min,max,mostRecent,unit\n,,,,,,count/min\n")
    }

    @Test func splitsAcrossMidnightInTheTimeZone() async throws {
        let store = try TemporaryStore()
        try await store.add([
            "stepCount", "100", "count", "--start", "2024-11-03T23:30:00+01:00", "--end", "2024-11-04T00:30:00+01:00",
        ])
        let paris = try await stats(
            store,
            [
                "stepCount", "--interval", "day", "--from", "2024-11-03", "--to", "2024-11-05", "--timezone",
                "Europe/Paris",
            ])
        #expect(paris.map { $0["start"] as? String } == ["2024-11-03T00:00:00+01:00", "2024-11-04T00:00:00+01:00"])
        #expect(paris.map { $0["sum"] as? Double } == [50, 50])
        // In UTC the walk is 22:30–23:30 on the 3rd.
        let utc = try await stats(
            store,
            ["stepCount", "--interval", "day", "--from", "2024-11-03", "--to", "2024-11-05", "--timezone", "UTC"])
        #expect(utc.map { $0["sum"] as? Double } == [100, nil])
        // Without --interval, one sum over the range, clipped to it.
        let evening = try await stats(
            store,
            ["stepCount", "--from", "2024-11-03T23:00:00+01:00", "--to", "2024-11-04", "--timezone", "Europe/Paris"])
        #expect(evening.count == 1)
        #expect(evening[0]["start"] as? String == "2024-11-03T23:00:00+01:00")
        #expect(evening[0]["end"] as? String == "2024-11-04T00:00:00+01:00")
        #expect(evening[0]["sum"] as? Double == 50)
    }

    @Test func daylightSavingDayHas23Hours() async throws {
        let store = try TemporaryStore()
        // 2,300 steps over the whole of 10 March 2024 in Los Angeles, which springs forward at 02:00: 23 hours.
        try await store.add([
            "stepCount", "2300", "count", "--start", "2024-03-10T00:00:00-08:00", "--end", "2024-03-11T00:00:00-07:00",
        ])
        let zone = ["--timezone", "America/Los_Angeles"]
        let days = try await stats(
            store, ["stepCount", "--interval", "day", "--from", "2024-03-09", "--to", "2024-03-12"] + zone)
        #expect(
            days.map { $0["start"] as? String } == [
                "2024-03-09T00:00:00-08:00", "2024-03-10T00:00:00-08:00", "2024-03-11T00:00:00-07:00",
            ])
        #expect(
            days.map { $0["end"] as? String } == [
                "2024-03-10T00:00:00-08:00", "2024-03-11T00:00:00-07:00", "2024-03-12T00:00:00-07:00",
            ])
        #expect(days.map { $0["sum"] as? Double } == [nil, 2300, nil])
        let hours = try await stats(
            store, ["stepCount", "--interval", "hour", "--from", "2024-03-10", "--to", "2024-03-11"] + zone)
        #expect(hours.count == 23)
        #expect(hours.allSatisfy { $0["sum"] as? Double == 100 })
        #expect(hours[2]["start"] as? String == "2024-03-10T03:00:00-07:00")
    }

    @Test func weeksStartOnMondayAndMonthsOnTheFirst() async throws {
        let store = try TemporaryStore()
        try await store.add(["stepCount", "10", "count", "--start", "2024-11-03T12:00:00Z"])  // a Sunday
        try await store.add(["stepCount", "20", "count", "--start", "2024-11-04T12:00:00Z"])  // the Monday after
        let zone = ["--timezone", "UTC"]
        let weeks = try await stats(
            store, ["stepCount", "--interval", "week", "--from", "2024-11-03", "--to", "2024-11-05"] + zone)
        #expect(weeks.map { $0["start"] as? String } == ["2024-10-28T00:00:00+00:00", "2024-11-04T00:00:00+00:00"])
        #expect(weeks.map { $0["sum"] as? Double } == [10, 20])
        let months = try await stats(store, ["stepCount", "--interval", "month", "--from", "2024-11-03"] + zone)
        #expect(months.map { $0["start"] as? String } == ["2024-11-01T00:00:00+00:00"])
        #expect(months.map { $0["end"] as? String } == ["2024-12-01T00:00:00+00:00"])
        #expect(months.map { $0["sum"] as? Double } == [30])
    }

    @Test func discreteStatistics() async throws {
        let store = try TemporaryStore()
        for (value, time) in [("60", "10:00"), ("90", "10:01"), ("120", "10:05")] {
            try await store.add(["heartRate", value, "count/min", "--start", "2024-11-03T\(time):00Z"])
        }
        let zone = ["--timezone", "UTC"]
        let whole = try await stats(store, ["heartRate", "--unit", "count/min"] + zone)
        #expect(whole.count == 1)
        let day = try #require(whole.first)
        #expect(Set(day.keys) == ["start", "end", "average", "min", "max", "mostRecent", "unit"])
        #expect(day["start"] as? String == "2024-11-03T10:00:00+00:00")
        #expect(day["end"] as? String == "2024-11-03T10:05:00+00:00")
        // Time-weighted: (60·60 s + 90·240 s + 120·600 s) / 900 s.
        #expect(day["average"] as? Double == 108)
        #expect(day["min"] as? Double == 60)
        #expect(day["max"] as? Double == 120)
        #expect(day["mostRecent"] as? Double == 120)
        #expect(day["unit"] as? String == "count/min")

        // Without --unit, the owner's unit for heart rate: beats per minute.
        let hourly = ["heartRate", "--interval", "hour", "--from", "2024-11-03T09:00Z", "--to", "2024-11-03T11:00Z"]
        let owners = try await stats(store, hourly + zone)
        #expect(owners.map { $0["min"] as? Double } == [nil, 60])
        #expect(owners.map { $0["average"] as? Double } == [nil, 108])
        #expect(owners.map { $0["unit"] as? String } == ["count/min", "count/min"])
        let canonical = try await stats(store, hourly + zone + ["--unit", "count/s"])
        #expect(canonical.map { $0["average"] as? Double } == [nil, 1.8])
        #expect(canonical.map { $0["unit"] as? String } == ["count/s", "count/s"])
    }

    @Test func noDataWithoutBounds() async throws {
        let store = try TemporaryStore()
        #expect(try await stats(store, ["stepCount", "--interval", "day"]).isEmpty)
        let whole = try await stats(store, ["stepCount"])
        #expect(whole.count == 1)
        #expect(whole.first?["start"] is NSNull)
        #expect(whole.first?["sum"] is NSNull)
    }

    @Test func badInput() async throws {
        let store = try await overlappingSteps()
        try await store.expectBadInput(["stats", "stepCount", "--interval", "fortnight"], naming: "fortnight")
        try await store.expectBadInput(["stats", "stepCount", "--unit", "kg"], naming: "kg")
        try await store.expectBadInput(["stats", "stepCount", "--unit", "furlongs"], naming: "furlongs")
        try await store.expectBadInput(["stats", "sleepAnalysis"], naming: "category")
        try await store.expectBadInput(["stats", "bloodPressure"], naming: "correlation")
        try await store.expectBadInput(["stats", "nosuchType"], naming: "nosuchType")
        try await store.expectBadInput(["stats", "stepCount", "--timezone", "Mars/Olympus"], naming: "Mars/Olympus")
        try await store.expectBadInput(
            ["stats", "stepCount", "--from", "2024-11-04", "--to", "2024-11-03"], naming: "--to")
        try await store.expectBadInput(["stats", "stepCount", "--from", "yesterday"], naming: "yesterday")
        try await store.expectBadInput(["stats"], naming: "<type>")
    }
}
