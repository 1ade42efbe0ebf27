import Foundation
import Testing
import OpenHealthKit

/// Each aggregation style's statistics, against values worked out by hand.
@Suite struct AggregationStyleTests {
    let source = "com.example.device"
    let day = "2024-05-01T00:00:00Z"
    let hourly = DateComponents(hour: 1)

    @Test func arithmeticTypesTakeThePlainMeanMinimumMaximumAndLatest() async throws {
        let store = try StatisticsFixture()
        let mass = StatisticsFixture.bodyMass
        for (time, value) in [("07:00", 70.0), ("08:00", 80.0), ("09:00", 72.0), ("21:00", 74.0)] {
            try await store.save(mass, value, at: "2024-05-01T\(time):00Z", minutes: 0, source: source)
        }
        let bucket = try await #require(
            try store.collection(mass, [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]).bucket(day))
        #expect(close(bucket.merged.average, 74))
        #expect(bucket.merged.minimum == 70)
        #expect(bucket.merged.maximum == 80)
        #expect(bucket.merged.mostRecent == 74)
        let at21 = StatisticsFixture.date("2024-05-01T21:00:00Z")
        #expect(bucket.merged.mostRecentInterval == DateInterval(start: at21, end: at21))
        #expect(bucket.merged.sum == nil && bucket.merged.duration == nil)
    }

    @Test func mostRecentIsTheSampleThatEndsLast() async throws {
        let store = try StatisticsFixture()
        let mass = StatisticsFixture.bodyMass
        try await store.save(mass, 1, at: "2024-05-01T10:00:00Z", minutes: 120, source: source)
        try await store.save(mass, 2, at: "2024-05-01T11:00:00Z", minutes: 30, source: source)
        let statistics = try await #require(try store.single(mass, .mostRecent))
        #expect(statistics.merged.mostRecent == 1)
        #expect(statistics.merged.mostRecentInterval?.duration == 7200)
    }

    @Test func heartRateIsWeightedByHowLongEachValueHolds() async throws {
        let store = try StatisticsFixture()
        let heartRate = StatisticsFixture.heartRate
        // 60 holds 1 minute (until the next sample), 90 holds 4 minutes, 120 holds the 10-minute maximum.
        for (time, value) in [("10:00", 60.0), ("10:01", 90.0), ("10:05", 120.0)] {
            try await store.save(heartRate, value, at: "2024-05-01T\(time):00Z", minutes: 0, source: source)
        }
        let bucket = try await #require(
            try store.collection(heartRate, [.discreteAverage, .discreteMin, .discreteMax]).bucket(day))
        let expected: Double = (60 * 60 + 90 * 240 + 120 * 600) / 900
        #expect(close(bucket.merged.average, expected))
        #expect(bucket.merged.minimum == 60 && bucket.merged.maximum == 120)
    }

    @Test func aHeldValueStopsAtTheMaximumAndAtTheEndOfItsInterval() async throws {
        let store = try StatisticsFixture()
        let heartRate = StatisticsFixture.heartRate
        // 60 at 10:40 holds 10 minutes (the next sample is 17 minutes later); 90 at 10:57 holds until 11:00.
        try await store.save(heartRate, 60, at: "2024-05-01T10:40:00Z", minutes: 0, source: source)
        try await store.save(heartRate, 90, at: "2024-05-01T10:57:00Z", minutes: 0, source: source)
        try await store.save(heartRate, 100, at: "2024-05-01T11:05:00Z", minutes: 0, source: source)
        let result = try await store.collection(heartRate, .discreteAverage, every: hourly)
        let expected: Double = (60 * 600 + 90 * 180) / 780
        #expect(close(result.bucket("2024-05-01T10:00:00Z")?.merged.average, expected))
        #expect(close(result.bucket("2024-05-01T11:00:00Z")?.merged.average, 100))
    }

    @Test func intervalSamplesWeighByTheirOverlap() async throws {
        let store = try StatisticsFixture()
        let heartRate = StatisticsFixture.heartRate
        try await store.save(heartRate, 80, at: "2024-05-01T10:00:00Z", minutes: 30, source: source)
        try await store.save(heartRate, 100, at: "2024-05-01T10:30:00Z", minutes: 0, source: source)
        let bucket = try await #require(
            try store.collection(heartRate, .discreteAverage, every: hourly).bucket("2024-05-01T10:00:00Z"))
        let expected: Double = (80 * 1800 + 100 * 600) / 2400
        #expect(close(bucket.merged.average, expected))
    }

    @Test func soundLevelsAverageTheirEnergy() async throws {
        let store = try StatisticsFixture()
        let audio = StatisticsFixture.audioExposure
        try await store.save(audio, 70, at: "2024-05-01T10:00:00Z", minutes: 45, source: source)
        try await store.save(audio, 80, at: "2024-05-01T10:45:00Z", minutes: 15, source: source)
        let bucket = try await #require(
            try store.collection(audio, [.discreteAverage, .discreteMax], every: hourly).bucket("2024-05-01T10:00:00Z"))
        let energy: Double = (pow(10.0, 7.0) * 2700 + pow(10.0, 8.0) * 900) / 3600
        let expected = 10 * log10(energy)
        #expect(close(bucket.merged.average, expected))
        #expect(close(bucket.merged.average, 75.11883360978874))
        #expect(bucket.merged.maximum == 80)
    }

    @Test func durationIsTheTimeCoveredCountingOverlapsOnce() async throws {
        let store = try StatisticsFixture()
        let steps = StatisticsFixture.steps
        try await store.save(steps, 1000, at: "2024-05-01T10:00:00Z", minutes: 60, source: "com.example.phone")
        try await store.save(steps, 600, at: "2024-05-01T10:30:00Z", minutes: 60, source: "com.example.watch")
        try await store.save(steps, 5, at: "2024-05-01T15:00:00Z", minutes: 0, source: "com.example.watch")
        let bucket = try await #require(try store.collection(steps, [.duration, .separateBySource]).bucket(day))
        #expect(bucket.merged.duration == 5400)
        #expect(bucket.values(of: "com.example.phone")?.duration == 3600)
        #expect(bucket.values(of: "com.example.watch")?.duration == 3600)
        #expect(bucket.merged.sum == nil)
        let hourlyDurations = try await store.collection(steps, .duration, every: hourly)
        #expect(hourlyDurations.bucket("2024-05-01T11:00:00Z")?.merged.duration == 1800)
    }

    @Test func cumulativeTypesKnowTheirMostRecentSample() async throws {
        let store = try StatisticsFixture()
        let steps = StatisticsFixture.steps
        try await store.save(steps, 40, at: "2024-05-01T10:00:00Z", minutes: 10, source: source)
        try await store.save(steps, 30, at: "2024-05-01T12:00:00Z", minutes: 10, source: source)
        let statistics = try await #require(try store.single(steps, [.cumulativeSum, .mostRecent]))
        #expect(close(statistics.merged.sum, 70))
        #expect(statistics.merged.mostRecent == 30)
    }
}
