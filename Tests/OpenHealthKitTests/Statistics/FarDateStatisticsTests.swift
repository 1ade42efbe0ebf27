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
    private func storeRow(in store: StatisticsFixture, start: Double, end: Double) throws {
        _ = try store.storage.insert([
            SampleRow(
                uuid: UUID(), typeIdentifier: heartRate.identifier, startDate: start, endDate: end, value: 1.2,
                source: SourceRow(bundleIdentifier: "com.example.probe", name: "Probe"),
                revision: RevisionRow(version: "1"))
        ])
    }

    @Test func aStoredSampleDatedBeyondYear4001FailsADailyCollection() throws {
        let store = try StatisticsFixture()
        try storeRow(in: store, start: 1e15, end: 1e15 + 60)
        let error = #expect(throws: HKError.self) {
            _ = try store.collection(heartRate, .discreteAverage, anchor: "1970-01-01T00:00:00Z")
        }
        #expect(error?.code == .errorInvalidArgument)
    }

    @Test func aStoredSampleDatedAt1e300FailsAnHourlyCollection() throws {
        let store = try StatisticsFixture()
        try storeRow(in: store, start: -1e300, end: 1e300)
        let error = #expect(throws: HKError.self) {
            _ = try store.collection(heartRate, .discreteAverage, every: DateComponents(hour: 1))
        }
        #expect(error?.code == .errorInvalidArgument)
    }

    @Test func samplesTooFarApartForTheIntervalsAreRefusedNamingTheLimit() throws {
        let store = try StatisticsFixture()
        try store.save(
            heartRate, 60, unit: StatisticsFixture.bpm, from: StatisticsFixture.date("1900-01-01T00:00:00Z"),
            source: "com.example.a")
        try store.save(
            heartRate, 70, unit: StatisticsFixture.bpm, from: StatisticsFixture.date("2024-05-01T00:00:00Z"),
            source: "com.example.a")
        let error = #expect(throws: HKError.self) {
            _ = try store.collection(heartRate, .discreteAverage, every: DateComponents(minute: 1))
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(error?.message.contains("\(StatisticsIntervals.maximumCount) intervals") == true)
    }

    @Test func aSampleSpanningTheWholeDateRangeIsRefusedNamingTheLimit() throws {
        let store = try StatisticsFixture()
        try store.restore(
            StatisticsFixture.steps, 1000, from: .distantPast, to: Date.distantFuture.addingTimeInterval(-1),
            source: "com.example.a")
        let error = #expect(throws: HKError.self) {
            _ = try store.collection(StatisticsFixture.steps, .cumulativeSum)
        }
        #expect(error?.message.contains("\(StatisticsIntervals.maximumCount) intervals") == true)
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
