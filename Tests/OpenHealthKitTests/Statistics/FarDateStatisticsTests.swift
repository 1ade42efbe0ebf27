import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// Statistics stay bounded in work whatever the stored dates and the intervals: they answer or fail. The work is
/// measured where it can be (calendar calls). A spin (a query that never answers) is caught by Scripts/test's
/// per-process watchdog, not by a time limit a busy machine could miss.
@Suite struct FarDateStatisticsTests {
    let heartRate = StatisticsFixture.heartRate

    /// Stores a heart rate row directly, as data saved before dates were checked could be.
    private func storeRow(in store: StatisticsFixture, start: Double, end: Double) async throws {
        _ = try await store.storage.insert([
            SampleRow(
                uuid: UUID(), typeIdentifier: heartRate.identifier, startDate: start, endDate: end, value: 1.2,
                source: SourceRow(bundleIdentifier: "com.example.probe", name: "Probe"),
                revision: RevisionRow(version: "1"))
        ])
    }

    @Test func aStoredSampleDatedBeyondYear4001FailsADailyCollection() async throws {
        let store = try StatisticsFixture()
        try await storeRow(in: store, start: 1e15, end: 1e15 + 60)
        let error = await #expect(throws: HKError.self) {
            _ = try await store.collection(heartRate, .discreteAverage, anchor: "1970-01-01T00:00:00Z")
        }
        #expect(error?.code == .errorInvalidArgument)
    }

    @Test func aStoredSampleDatedAt1e300FailsAnHourlyCollection() async throws {
        let store = try StatisticsFixture()
        try await storeRow(in: store, start: -1e300, end: 1e300)
        let error = await #expect(throws: HKError.self) {
            _ = try await store.collection(heartRate, .discreteAverage, every: DateComponents(hour: 1))
        }
        #expect(error?.code == .errorInvalidArgument)
    }

    @Test func samplesTooFarApartForTheIntervalsAreRefusedNamingTheLimit() async throws {
        let store = try StatisticsFixture()
        try await store.save(
            heartRate, 60, unit: StatisticsFixture.bpm, from: StatisticsFixture.date("1900-01-01T00:00:00Z"),
            source: "com.example.a")
        try await store.save(
            heartRate, 70, unit: StatisticsFixture.bpm, from: StatisticsFixture.date("2024-05-01T00:00:00Z"),
            source: "com.example.a")
        let error = await #expect(throws: HKError.self) {
            _ = try await store.collection(heartRate, .discreteAverage, every: DateComponents(minute: 1))
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(error?.message.contains("\(StatisticsIntervals.maximumCount) intervals") == true)
    }

    @Test func aSampleSpanningTheWholeDateRangeIsRefusedNamingTheLimit() async throws {
        let store = try StatisticsFixture()
        try await store.restore(
            StatisticsFixture.steps, 1000, from: .distantPast, to: Date.distantFuture.addingTimeInterval(-1),
            source: "com.example.a")
        let error = await #expect(throws: HKError.self) {
            _ = try await store.collection(StatisticsFixture.steps, .cumulativeSum)
        }
        #expect(error?.message.contains("\(StatisticsIntervals.maximumCount) intervals") == true)
    }

    /// Kiritimati skipped 31 December 1994 (from UTC−10 to UTC+14), so a calendar may give that day an interval of no
    /// length, or one ending before it starts; dates far from the anchor round too. Every average stays a number.
    @Test(arguments: [Calendar.Identifier.gregorian, .hebrew, .islamic, .chinese])
    func everyAverageIsANumberWhereAZonesCalendarSkipsADay(_ calendar: Calendar.Identifier) async throws {
        let store = try StatisticsFixture()
        let days = (-3...3).map {
            StatisticsFixture.date("1995-01-01T00:00:00+14:00").addingTimeInterval(Double($0) * 43_200)
        }
        let years = stride(from: 2.0, through: 3_999, by: 333).map {
            StatisticsFixture.date("0001-01-01T00:00:00Z").addingTimeInterval($0 * 365.2425 * 86_400)
        }
        for date in days + years {
            try await store.save(heartRate, 60, unit: StatisticsFixture.bpm, from: date, source: "com.example.a")
        }
        for components in [DateComponents(year: 1), DateComponents(month: 7), DateComponents(day: 1)] {
            // Daily intervals from year 1 would span more than the most intervals a collection may: only the days
            // around the skipped one.
            let predicate =
                components.day == 1 ? StatisticsFixture.dates("1994-12-25T00:00:00Z", "1995-01-05T00:00:00Z") : nil
            let result = try await store.collection(
                heartRate, .discreteAverage, every: components, in: "Pacific/Kiritimati", calendar: calendar,
                anchor: "0001-01-01T00:00:00Z", predicate: predicate)
            #expect(!result.buckets.isEmpty)
            for bucket in result.buckets {
                #expect(bucket.start < bucket.end, "\(components): \(bucket.start) to \(bucket.end)")
                #expect(
                    bucket.merged.average.map { close($0, 1) } == true,
                    "\(components): \(bucket.start) to \(bucket.end): \(String(describing: bucket.merged))")
            }
        }
    }

    @Test func theIntervalOfAFarDateIsFoundWithFewCalendarCalls() throws {
        let intervals = try StatisticsIntervals(
            anchor: Date(timeIntervalSince1970: 0), components: DateComponents(nanosecond: 1),
            calendar: StatisticsFixture.calendar("UTC"))
        #expect(intervals.index(containing: .distantFuture) > 0)
        #expect(intervals.index(containing: Date(timeIntervalSince1970: 1e300)) > 0)
    }

    @Test func anAnchorOutsideTheDateRangeIsRefused() {
        let error = #expect(throws: HKError.self) {
            _ = try StatisticsIntervals(
                anchor: Date(timeIntervalSince1970: 1e15), components: DateComponents(day: 1), calendar: .current)
        }
        #expect(error?.code == .errorInvalidArgument)
    }
}
