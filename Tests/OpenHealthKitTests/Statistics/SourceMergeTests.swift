import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// How overlapping samples of several sources merge into one total of a cumulative type.
@Suite struct SourceMergeTests {
    let steps = StatisticsFixture.steps
    let phone = "com.apple.health.phone"
    let watch = "com.apple.health.watch"
    let app = "com.example.pedometer"
    let morning = "2024-05-01T00:00:00Z"

    /// Phone 1000 steps 10:00–11:00, watch 600 steps 10:30–11:30, the phone's stored first.
    func phoneThenWatch() async throws -> StatisticsFixture {
        let store = try StatisticsFixture()
        try await store.save(steps, 1000, at: "2024-05-01T10:00:00Z", minutes: 60, source: phone)
        try await store.save(steps, 600, at: "2024-05-01T10:30:00Z", minutes: 60, source: watch)
        return store
    }

    @Test func ofTwoDevicesTheOneThatStoredFirstWinsTheOverlap() async throws {
        let store = try await phoneThenWatch()
        // Phone in full; the watch only for 11:00–11:30, half of its samples.
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1300))
        await #expect(try store.engine.sourcePriority(for: steps) == [phone, watch])
    }

    @Test func aDeviceCountsBeforeAnAppThatStoredFirst() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 1000, at: "2024-05-01T10:00:00Z", minutes: 60, source: app)
        try await store.save(steps, 600, at: "2024-05-01T10:30:00Z", minutes: 60, source: watch)
        // Watch in full; the app only for 10:00–10:30.
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1100))
        await #expect(try store.engine.sourcePriority(for: steps) == [watch, app])
    }

    @Test func whatTheOwnerEnteredCountsBeforeTheDevices() async throws {
        let store = try await phoneThenWatch()
        let entered = SourceRow.ownerBundleIdentifierPrefix + "health"
        try await store.save(steps, 300, at: "2024-05-01T10:45:00Z", minutes: 30, source: entered)
        // The entry in full (10:45–11:15), the phone for 10:00–10:45 (750), the watch for 11:15–11:30 (150).
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1200))
        await #expect(try store.engine.sourcePriority(for: steps) == [entered, phone, watch])
    }

    @Test func aNewerAppCountsBeforeAnOlderOne() async throws {
        let store = try StatisticsFixture()
        let newer = "com.example.newer"
        try await store.save(steps, 1000, at: "2024-05-01T10:00:00Z", minutes: 60, source: app)
        try await store.save(steps, 600, at: "2024-05-01T10:30:00Z", minutes: 60, source: newer)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1100))
        await #expect(try store.engine.sourcePriority(for: steps) == [newer, app])
    }

    @Test func theUsersOrderWinsOverTheDefault() async throws {
        let store = try await phoneThenWatch()
        try await store.engine.setSourcePriority([watch, phone], for: steps)
        // Watch in full; the phone only for 10:00–10:30.
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1100))
        await #expect(try store.engine.sourcePriority(for: steps) == [watch, phone])
        try await store.engine.setSourcePriority([], for: steps)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1300))
    }

    @Test func aListedSourceWithoutSamplesDoesNotDisturbTheOthers() async throws {
        let store = try await phoneThenWatch()
        try await store.engine.setSourcePriority(["com.example.gone", watch], for: steps)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1100))
        await #expect(try store.engine.sourcePriority(for: steps) == ["com.example.gone", watch, phone])
    }

    @Test(arguments: [
        (["w", "p", "a"], 1150.0), (["p", "w", "a"], 1050.0), (["a", "p", "w"], 750.0), (["w", "a", "p"], 950.0),
    ])
    func threeSourcesCountInPriorityOrder(order: [String], expected: Double) async throws {
        let store = try StatisticsFixture()
        // Phone 10/min over 10:00–11:00, watch 15/min over 10:20–10:40, app 5/min over 09:30–12:00.
        try await store.save(steps, 600, at: "2024-05-01T10:00:00Z", minutes: 60, source: phone)
        try await store.save(steps, 300, at: "2024-05-01T10:20:00Z", minutes: 20, source: watch)
        try await store.save(steps, 750, at: "2024-05-01T09:30:00Z", minutes: 150, source: app)
        let names = ["p": phone, "w": watch, "a": app]
        try await store.engine.setSourcePriority(order.map { names[$0]! }, for: steps)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, expected))
    }

    @Test func aLowerSourceFillsTheGapsOfAHigherOne() async throws {
        let store = try StatisticsFixture()
        // Watch 15/min over 10:00–10:30 and 11:00–11:30; phone 10/min over 10:00–12:00.
        try await store.save(steps, 450, at: "2024-05-01T10:00:00Z", minutes: 30, source: watch)
        try await store.save(steps, 450, at: "2024-05-01T11:00:00Z", minutes: 30, source: watch)
        try await store.save(steps, 1200, at: "2024-05-01T10:00:00Z", minutes: 120, source: phone)
        // Watch 900, phone 10:30–11:00 and 11:30–12:00: 600.
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1500))
        try await store.engine.setSourcePriority([phone, watch], for: steps)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 1200))
    }

    @Test func aSourcesOwnOverlappingSamplesAllCount() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 100, at: "2024-05-01T10:00:00Z", minutes: 60, source: phone)
        try await store.save(steps, 100, at: "2024-05-01T10:30:00Z", minutes: 60, source: phone)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 200))
    }

    @Test func separateBySourceReportsEachSourcesOwnTotalUnmerged() async throws {
        let store = try await phoneThenWatch()
        let bucket = try await #require(
            try store.collection(steps, [.cumulativeSum, .separateBySource]).bucket(morning))
        #expect(close(bucket.values(of: phone)?.sum, 1000))
        #expect(close(bucket.values(of: watch)?.sum, 600))
        #expect(close(bucket.merged.sum, 1300))
        #expect(bucket.bySource?.map(\.source.bundleIdentifier) == [phone, watch])
        await #expect(try store.collection(steps, .cumulativeSum).bucket(morning)?.bySource == nil)
    }

    @Test func mergingWorksAcrossIntervalBoundaries() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 1200, at: "2024-05-01T23:00:00Z", minutes: 120, source: phone)
        try await store.save(steps, 600, at: "2024-05-01T23:30:00Z", minutes: 60, source: watch)
        try await store.engine.setSourcePriority([watch], for: steps)
        let result = try await store.collection(steps, .cumulativeSum)
        // Each day: watch 300 for its half hour, phone 300 for the half hour the watch leaves.
        #expect(close(result.bucket("2024-05-01T00:00:00Z")?.merged.sum, 600))
        #expect(close(result.bucket("2024-05-02T00:00:00Z")?.merged.sum, 600))
    }

    @Test func samplesWithoutDurationAlwaysCount() async throws {
        let store = try StatisticsFixture()
        try await store.save(steps, 600, at: "2024-05-01T10:00:00Z", minutes: 60, source: phone)
        try await store.save(steps, 50, from: StatisticsFixture.date("2024-05-01T10:30:00Z"), source: watch)
        try await store.engine.setSourcePriority([phone], for: steps)
        await #expect(close(try store.collection(steps, .cumulativeSum).bucket(morning)?.merged.sum, 650))
    }

    @Test func discreteStatisticsMergeEverySource() async throws {
        let store = try StatisticsFixture()
        let mass = StatisticsFixture.bodyMass
        try await store.save(mass, 70, at: "2024-05-01T08:00:00Z", minutes: 0, source: phone)
        try await store.save(mass, 74, at: "2024-05-01T08:00:00Z", minutes: 0, source: watch)
        let bucket = try await #require(
            try store.collection(mass, [.discreteAverage, .separateBySource]).bucket(morning))
        #expect(close(bucket.merged.average, 72))
        #expect(close(bucket.values(of: watch)?.average, 74))
    }
}
