import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// Calendar intervals and the proportional split of interval samples across them.
@Suite struct IntervalStatisticsTests {
    let steps = StatisticsFixture.steps

    @Test func aWalkAcrossMidnightSplitsInProportionToItsOverlap() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 100, at: "2024-05-01T23:30:00Z", minutes: 60, source: "com.example.phone")
        let result = try await store.collection(steps, .cumulativeSum)
        #expect(result.buckets.count == 2)
        #expect(close(result.bucket("2024-05-01T00:00:00Z")?.merged.sum, 50))
        #expect(close(result.bucket("2024-05-02T00:00:00Z")?.merged.sum, 50))
    }

    @Test func hourlyIntervalsSplitALongSampleEvenly() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 300, at: "2024-05-01T10:00:00Z", minutes: 180, source: "com.example.phone")
        let result = try await store.collection(steps, .cumulativeSum, every: DateComponents(hour: 1))
        #expect(
            result.buckets.map(\.start) == ["10", "11", "12"].map { StatisticsFixture.date("2024-05-01T\($0):00:00Z") })
        #expect(result.buckets.allSatisfy { close($0.merged.sum, 100) })
        #expect(result.buckets.allSatisfy { $0.end.timeIntervalSince($0.start) == 3600 })
    }

    @Test func aSampleWithoutDurationCountsInTheIntervalHoldingItsDate() async throws {
        let store = try StatisticsFixture()
        try await store.save(
            steps, 7, from: StatisticsFixture.date("2024-05-02T00:00:00Z"), source: "com.example.phone")
        let result = try await store.collection(steps, .cumulativeSum)
        #expect(result.buckets.count == 1)
        #expect(close(result.bucket("2024-05-02T00:00:00Z")?.merged.sum, 7))
    }

    @Test func aSampleOfUndeterminedDurationCountsAtItsStart() async throws {
        let store = try StatisticsFixture()
        try await store.restore(
            steps, 9, from: StatisticsFixture.date("2024-05-02T10:00:00Z"), to: .distantFuture,
            source: "com.example.phone")
        let result = try await store.collection(steps, .cumulativeSum, every: DateComponents(hour: 1))
        #expect(result.buckets.map(\.start) == [StatisticsFixture.date("2024-05-02T10:00:00Z")])
        #expect(close(result.buckets.first?.merged.sum, 9))
    }

    @Test func intervalsFollowTheAnchorNotMidnight() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 60, at: "2024-05-01T02:30:00Z", minutes: 60, source: "com.example.phone")
        let result = try await store.collection(steps, .cumulativeSum, anchor: "2024-01-01T03:00:00Z")
        #expect(close(result.bucket("2024-04-30T03:00:00Z")?.merged.sum, 30))
        #expect(close(result.bucket("2024-05-01T03:00:00Z")?.merged.sum, 30))
    }

    @Test func weeksAndMonthsAreCalendarIntervals() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 10, at: "2024-02-15T12:00:00Z", minutes: 1, source: "com.example.phone")
        let months = try await store.collection(steps, .cumulativeSum, every: DateComponents(month: 1))
        #expect(months.buckets.map(\.start) == [StatisticsFixture.date("2024-02-01T00:00:00Z")])
        #expect(months.buckets.map(\.end) == [StatisticsFixture.date("2024-03-01T00:00:00Z")])
        // 2024-01-01 is a Monday: weeks run Monday to Monday.
        let weeks = try await store.collection(steps, .cumulativeSum, every: DateComponents(weekOfYear: 1))
        #expect(weeks.buckets.map(\.start) == [StatisticsFixture.date("2024-02-12T00:00:00Z")])
        #expect(weeks.buckets.map(\.end) == [StatisticsFixture.date("2024-02-19T00:00:00Z")])
    }

    @Test func monthsAnchoredOnThe31stReturnToIt() throws {
        let intervals = try StatisticsIntervals(
            anchor: StatisticsFixture.date("2024-01-31T00:00:00Z"), components: DateComponents(month: 1),
            calendar: StatisticsFixture.calendar("UTC"))
        #expect(intervals.start(of: 1) == StatisticsFixture.date("2024-02-29T00:00:00Z"))
        #expect(intervals.start(of: 2) == StatisticsFixture.date("2024-03-31T00:00:00Z"))
        #expect(intervals.index(containing: StatisticsFixture.date("2024-03-30T00:00:00Z")) == 1)
    }

    @Test(arguments: [
        ("America/Los_Angeles", "2024-01-01T00:00:00-08:00", "2024-03-10T00:00:00-08:00", 23.0),
        ("America/Los_Angeles", "2024-01-01T00:00:00-08:00", "2024-11-03T00:00:00-07:00", 25.0),
        ("Europe/Berlin", "2024-01-01T00:00:00+01:00", "2024-03-31T00:00:00+01:00", 23.0),
        ("Europe/Berlin", "2024-01-01T00:00:00+01:00", "2024-10-27T00:00:00+02:00", 25.0),
    ])
    func daysThatChangeTheClockLast23Or25Hours(zone: String, anchor: String, midnight: String, hours: Double)
        async throws
    {
        let store = try StatisticsFixture()
        let start = StatisticsFixture.date(midnight)
        // 24 samples of one step, one per real hour from the day's local midnight.
        for hour in 0..<24 {
            let from = start.addingTimeInterval(Double(hour) * 3600)
            try await store.save(steps, 1, from: from, to: from.addingTimeInterval(3600), source: "com.example.phone")
        }
        let days = try await store.collection(steps, .cumulativeSum, in: zone, anchor: anchor)
        let day = try #require(days.buckets.first)
        #expect(day.start == start)
        #expect(day.end.timeIntervalSince(day.start) == hours * 3600)
        #expect(close(day.merged.sum, min(hours, 24)))
        // The 23-hour day leaves its 24th sample to the next day, which starts at the next local midnight.
        let calendar = StatisticsFixture.calendar(zone)
        #expect(calendar.dateComponents([.hour, .minute], from: day.end) == DateComponents(hour: 0, minute: 0))
        if hours == 23 {
            #expect(days.buckets.count == 2)
            #expect(days.buckets.last?.start == day.end)
            #expect(close(days.buckets.last?.merged.sum, 1))
        } else {
            #expect(days.buckets.count == 1)
        }
        let hourly = try await store.collection(
            steps, .cumulativeSum, every: DateComponents(hour: 1), in: zone, anchor: anchor)
        #expect(hourly.buckets.count == 24)
        #expect(hourly.buckets.allSatisfy { $0.end.timeIntervalSince($0.start) == 3600 && close($0.merged.sum, 1) })
    }

    @Test func aPlainDateRangePredicateClipsSamplesToItsDates() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 100, at: "2024-05-01T23:30:00Z", minutes: 60, source: "com.example.phone")
        try await store.save(steps, 20, at: "2024-05-02T08:00:00Z", minutes: 10, source: "com.example.phone")
        let today = StatisticsFixture.dates("2024-05-02T00:00:00Z", "2024-05-03T00:00:00Z")
        let statistics = try await #require(try store.single(steps, .cumulativeSum, predicate: today))
        #expect(close(statistics.merged.sum, 70))
        // A statistics query reports the span of the matching samples.
        #expect(statistics.start == StatisticsFixture.date("2024-05-01T23:30:00Z"))
        #expect(statistics.end == StatisticsFixture.date("2024-05-02T08:10:00Z"))
        // Strict options select whole samples: nothing is clipped.
        let strict = StatisticsFixture.dates("2024-05-01T00:00:00Z", "2024-05-03T00:00:00Z", options: .strictStartDate)
        await #expect(close(try store.single(steps, .cumulativeSum, predicate: strict)?.merged.sum, 120))
    }

    @Test func aRangeIsWidenedToWholeIntervalsAndListsEmptyOnes() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 10, at: "2024-05-01T08:00:00Z", minutes: 10, source: "com.example.phone")
        try await store.save(steps, 30, at: "2024-05-03T08:00:00Z", minutes: 10, source: "com.example.phone")
        let intervals = try StatisticsIntervals(
            anchor: StatisticsFixture.date("2024-01-01T00:00:00Z"), components: DateComponents(day: 1),
            calendar: StatisticsFixture.calendar("UTC"))
        let range = DateInterval(
            start: StatisticsFixture.date("2024-05-01T12:00:00Z"), end: StatisticsFixture.date("2024-05-03T06:00:00Z"))
        let result = try await store.engine.statistics(
            StatisticsRequest(type: steps, options: .cumulativeSum, intervals: intervals, range: range),
            as: .owner(source: StatisticsFixture.owner))
        #expect(
            result.range
                == DateInterval(
                    start: StatisticsFixture.date("2024-05-01T00:00:00Z"),
                    end: StatisticsFixture.date("2024-05-04T00:00:00Z")))
        let rows = result.everyInterval(from: result.range!.start, until: result.range!.end)
        #expect(rows.map { $0.bucket?.merged.sum } == [10, nil, 30])
    }

    @Test func anIntervalMustBeAPositiveLength() {
        let anchor = Date(timeIntervalSince1970: 0)
        for components in [
            DateComponents(), DateComponents(day: 0), DateComponents(day: -1), DateComponents(weekday: 2),
        ] {
            let error = #expect(throws: HKError.self) {
                try StatisticsIntervals(anchor: anchor, components: components, calendar: .current)
            }
            #expect(error?.code == .errorInvalidArgument)
        }
    }
}
