import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Statistics queries on both backends: the same figures, sources, errors and live updates.
extension StoreOnBothBackendsTests {
    /// An hour boundary in every time zone with whole-hour offsets.
    static let hour = Date(timeIntervalSince1970: 1_699_999_200)

    func stepsSample(_ count: Double, at offset: TimeInterval, minutes: Double) -> HKQuantitySample {
        let start = Self.hour.addingTimeInterval(offset)
        return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
            end: start.addingTimeInterval(minutes * 60))
    }

    @Test(arguments: StoreBackend.allCases)
    func statisticsMergeOverlappingSourcesInTheUsersOrder(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let phone = try await phoneAndWatchSteps(world)

            let total = try #require(
                try await Statistics.single(phone, steps, options: [.cumulativeSum, .separateBySource]))
            #expect(close(total.sumQuantity(), 1300, .count()))
            let watchSource = try #require(total.sources?.first { $0.bundleIdentifier == "com.example.watch" })
            #expect(close(total.sumQuantity(for: watchSource), 600, .count()))
            #expect(total.startDate == Self.hour && total.endDate == Self.hour.addingTimeInterval(5400))

            let hourly = try await Statistics.collection(
                phone, steps, options: .cumulativeSum, anchor: Self.hour, every: DateComponents(hour: 1))
            #expect(hourly.statistics().map(\.startDate) == [Self.hour, Self.hour.addingTimeInterval(3600)])
            #expect(close(hourly.statistics(for: Self.hour)?.sumQuantity(), 1000, .count()))
            #expect(close(hourly.statistics(for: Self.hour.addingTimeInterval(3600))?.sumQuantity(), 300, .count()))
            #expect(hourly.statistics(for: Self.hour.addingTimeInterval(7200))?.sumQuantity() == nil)

            try await world.setSourcePriority(["com.example.watch", "com.example.phone"], for: steps)
            #expect(
                close(try await Statistics.single(phone, steps, options: .cumulativeSum)?.sumQuantity(), 1100, .count())
            )
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func discreteStatisticsWeighReadingsByTheTimeTheyHold(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let first = Self.hour.timeIntervalSince1970 - 1_700_000_000
            try await store.save([beat(60, at: first), beat(90, at: first + 60), beat(120, at: first + 300)])
            let options: HKStatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .duration]
            let statistics = try #require(try await Statistics.single(store, heartRate, options: options))
            #expect(close(statistics.averageQuantity(), 108, bpm))
            #expect(close(statistics.minimumQuantity(), 60, bpm))
            #expect(close(statistics.maximumQuantity(), 120, bpm))
            #expect(close(statistics.mostRecentQuantity(), 120, bpm))
            let at = Self.hour.addingTimeInterval(300)
            #expect(statistics.mostRecentQuantityDateInterval() == DateInterval(start: at, end: at))
            #expect(statistics.duration()?.doubleValue(for: .second()) == 0)

            try await store.save(beat(80, at: first + 3600))
            let descriptor = HKStatisticsCollectionQueryDescriptor(
                predicate: .quantitySample(type: heartRate), options: [.discreteAverage, .separateBySource],
                anchorDate: Self.hour,
                intervalComponents: DateComponents(minute: 30))
            let collection = try await descriptor.result(for: store)
            #expect(collection.statistics().map(\.startDate) == [Self.hour, Self.hour.addingTimeInterval(3600)])
            #expect(close(collection.statistics(for: Self.hour.addingTimeInterval(3600))?.averageQuantity(), 80, bpm))
            #expect(collection.sources().map(\.bundleIdentifier) == ["com.example.app"])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func statisticsWithoutDataAndStatisticsOfADeniedReader(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let reader = try await world.authorizedStore(Apps.app("com.example.reader"), for: [steps])
            let denied = try await world.store(Apps.app("com.example.denied")) { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            try await denied.requestAuthorization(toShare: [steps], read: [steps])
            let error = await #expect(throws: HKError.self) {
                _ = try await Statistics.single(reader, steps, options: .cumulativeSum)
            }
            #expect(error?.code == .errorNoData)
            let descriptor = HKStatisticsQueryDescriptor(
                predicate: .quantitySample(type: steps), options: .cumulativeSum)
            #expect(try await descriptor.result(for: reader) == nil)

            try await reader.save(stepsSample(500, at: 0, minutes: 10))
            try await denied.save(stepsSample(70, at: 3600, minutes: 10))
            // A read denial is never revealed: the denied app's statistics count its own samples only.
            #expect(close(try await descriptor.result(for: denied)?.sumQuantity(), 70, .count()))
            #expect(close(try await descriptor.result(for: reader)?.sumQuantity(), 570, .count()))
            let lastHalfHour = HKQuery.predicateForSamples(
                withStart: Self.hour.addingTimeInterval(3600), end: Self.hour.addingTimeInterval(3900), options: [])
            let clipped = HKStatisticsQueryDescriptor(
                predicate: .quantitySample(type: steps, predicate: lastHalfHour), options: .cumulativeSum)
            #expect(close(try await clipped.result(for: reader)?.sumQuantity(), 35, .count()))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRunningCollectionQueryFollowsSavesAndDeletions(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [steps])
            let first = stepsSample(100, at: 0, minutes: 10)
            try await store.save(first)
            let (query, inbox) = hourlyStepsFollowed()
            store.execute(query)
            #expect(try await inbox.next() == "initial 100")

            try await store.save(stepsSample(40, at: 7200, minutes: 10))
            #expect(try await inbox.next() == "hour 2 40")
            try await store.delete(first)
            #expect(try await inbox.next() == "hour 0 nil")

            store.stop(query)
            try await store.save(stepsSample(5, at: 60, minutes: 1))
            #expect(try await inbox.rest().isEmpty)
        }
    }
}

extension StoreOnBothBackendsTests {
    /// Two apps' overlapping steps: the phone's 1,000 over the first hour, the watch's 600 over the next 60 minutes
    /// from half past. Returns the phone's store.
    func phoneAndWatchSteps(_ world: StoreWorld) async throws -> HKHealthStore {
        let phone = try await world.authorizedStore(Apps.app("com.example.phone"), for: [steps])
        let watch = try await world.authorizedStore(Apps.app("com.example.watch"), for: [steps])
        // Two apps: by default the newer counts first, so the phone's, which stores second.
        try await watch.save(stepsSample(600, at: 1800, minutes: 60))
        try await phone.save(stepsSample(1000, at: 0, minutes: 60))
        return phone
    }

    /// A running query of hourly step totals, and what its handlers report: `initial <sum>,<sum>...`, then
    /// `hour <n> <sum>` for each interval that changed (hours from ``hour``; `nil` for an emptied one).
    func hourlyStepsFollowed() -> (HKStatisticsCollectionQuery, Inbox<String>) {
        let inbox = Inbox<String>()
        let query = HKStatisticsCollectionQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: Self.hour,
            intervalComponents: DateComponents(hour: 1))
        let sum: @Sendable (HKStatistics?) -> String = { statistics in
            statistics?.sumQuantity().map { "\(Int($0.doubleValue(for: .count()).rounded()))" } ?? "nil"
        }
        query.initialResultsHandler = { _, collection, error in
            inbox.post(
                error.map { "error \($0)" } ?? "initial "
                    + (collection?.statistics().map(sum).joined(separator: ",") ?? ""))
        }
        query.statisticsUpdateHandler = { _, statistics, _, error in
            let hours = statistics.map { Int($0.startDate.timeIntervalSince(Self.hour) / 3600) }
            inbox.post(error.map { "error \($0)" } ?? "hour \(hours.map(String.init) ?? "?") \(sum(statistics))")
        }
        return (query, inbox)
    }
}

/// Async wrappers over the statistics queries.
enum Statistics {
    static func single(_ store: HKHealthStore, _ type: HKQuantityType, options: HKStatisticsOptions) async throws
        -> HKStatistics?
    {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKStatisticsQuery(quantityType: type, quantitySamplePredicate: nil, options: options) {
                    _, statistics, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: statistics)
                    }
                })
        }
    }

    static func collection(
        _ store: HKHealthStore, _ type: HKQuantityType, options: HKStatisticsOptions, anchor: Date,
        every interval: DateComponents
    ) async throws -> HKStatisticsCollection {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKStatisticsCollectionQuery(
                quantityType: type, quantitySamplePredicate: nil, options: options, anchorDate: anchor,
                intervalComponents: interval)
            query.initialResultsHandler = { _, collection, error in
                if let collection {
                    continuation.resume(returning: collection)
                } else {
                    continuation.resume(throwing: error ?? HarnessError("no collection"))
                }
            }
            store.execute(query)
        }
    }
}

/// Whether a quantity is `expected` in `unit`, to rounding.
func close(_ quantity: HKQuantity?, _ expected: Double, _ unit: HKUnit) -> Bool {
    guard let value = quantity?.doubleValue(for: unit) else { return false }
    return abs(value - expected) < 1e-9 * max(1, abs(expected))
}
