import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// The Apple-shaped statistics queries and descriptors, through HKHealthStore.
@Suite struct StatisticsQueryTests {
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)

    func authorizedStore(
        _ bundleIdentifier: String = "com.example.app",
        database: HealthStoreConfiguration.Location = TestStores.database(),
        answer: @escaping @Sendable (AuthorizationRequest) -> AuthorizationAnswer = AuthorizationAnswer.allowAll
    ) async throws -> HKHealthStore {
        let store = TestStores.store(app: TestStores.app(bundleIdentifier), database: database, answer: answer)
        try await store.requestAuthorization(toShare: [steps, heartRate], read: [steps, heartRate])
        return store
    }

    func stepSample(_ count: Double, at text: String, minutes: Double = 10) -> HKQuantitySample {
        let start = StatisticsFixture.date(text)
        return HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
            end: start.addingTimeInterval(minutes * 60))
    }

    func run(_ store: HKHealthStore, _ options: HKStatisticsOptions, predicate: NSPredicate? = nil) async -> (
        HKStatistics?, (any Error)?
    ) {
        await withCheckedContinuation { continuation in
            store.execute(
                HKStatisticsQuery(quantityType: steps, quantitySamplePredicate: predicate, options: options) {
                    _, statistics, error in
                    continuation.resume(returning: (statistics, error))
                })
        }
    }

    @Test func aStatisticsQuerySumsAndReportsTheSamplesSpan() async throws {
        let store = try await authorizedStore()
        try await store.save([stepSample(100, at: "2024-05-01T10:00:00Z"), stepSample(50, at: "2024-05-01T12:00:00Z")])
        let (statistics, error) = await run(store, [.cumulativeSum, .separateBySource])
        #expect(error == nil)
        let result = try #require(statistics)
        #expect(result.sumQuantity()?.doubleValue(for: .count()) == 150)
        #expect(result.startDate == StatisticsFixture.date("2024-05-01T10:00:00Z"))
        #expect(result.endDate == StatisticsFixture.date("2024-05-01T12:10:00Z"))
        let source = try #require(result.sources?.first)
        #expect(result.sources?.count == 1 && source.bundleIdentifier == "com.example.app")
        #expect(result.sumQuantity(for: source)?.doubleValue(for: .count()) == 150)
        #expect(result.averageQuantity() == nil && result.duration() == nil)
    }

    @Test func aStatisticsQueryWithoutDataReportsNoData() async throws {
        let store = try await authorizedStore()
        let (statistics, error) = await run(store, .cumulativeSum)
        #expect(statistics == nil)
        #expect((error as? HKError)?.code == .errorNoData)
        #expect((error as? HKError)?.message == "No data available for the specified predicate.")
    }

    @Test func statisticsWithoutSeparateBySourceHaveNoSources() async throws {
        let store = try await authorizedStore()
        try await store.save(stepSample(100, at: "2024-05-01T10:00:00Z"))
        let statistics = try #require(
            try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: steps), options: .cumulativeSum)
                .result(for: store))
        #expect(statistics.sources == nil)
        #expect(statistics.sumQuantity(for: HKSource.default()) == nil)
    }

    @Test func optionsThatDoNotFitTheTypeAreRefused() async throws {
        let refused: [(HKStatisticsOptions, HKQuantityType)] = [
            (.discreteAverage, steps), ([.discreteMin, .separateBySource], steps), (.cumulativeSum, heartRate),
        ]
        for (options, type) in refused {
            let error = #expect(throws: HKError.self) { try options.validate(for: type) }
            #expect(error?.code == .errorInvalidArgument)
        }
        try HKStatisticsOptions([.cumulativeSum, .separateBySource, .mostRecent, .duration]).validate(for: steps)
        try HKStatisticsOptions([
            .discreteAverage, .discreteMin, .discreteMax, .separateBySource, .mostRecent, .duration,
        ]).validate(for: heartRate)

        let engine = try StatisticsFixture().engine
        let engineError = await #expect(throws: HKError.self) {
            try await engine.statistics(
                StatisticsRequest(type: steps, options: .discreteMax), as: .owner(source: StatisticsFixture.owner))
        }
        #expect(engineError?.code == .errorInvalidArgument)

        let store = try await authorizedStore()
        let statisticsError = await #expect(throws: HKError.self) {
            try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .cumulativeSum)
                .result(for: store)
        }
        #expect(statisticsError?.code == .errorInvalidArgument)
        let collection = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .discreteAverage, anchorDate: Date(),
            intervalComponents: DateComponents(day: 1))
        let collectionError = await #expect(throws: HKError.self) { try await collection.result(for: store) }
        #expect(collectionError?.code == .errorInvalidArgument)
    }

    @Test func anAppWithoutReadPermissionSeesStatisticsOfItsOwnSamplesOnly() async throws {
        let database = TestStores.database()
        let reader = try await authorizedStore("com.example.reader", database: database)
        let writer = try await authorizedStore("com.example.writer", database: database) {
            AuthorizationAnswer(allowedToShare: $0.toShare, allowedToRead: [])
        }
        try await reader.save(stepSample(100, at: "2024-05-01T10:00:00Z"))
        try await writer.save(stepSample(40, at: "2024-05-01T12:00:00Z"))
        let descriptor = HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: steps), options: [.cumulativeSum, .separateBySource])
        let seenByWriter = try #require(try await descriptor.result(for: writer))
        #expect(seenByWriter.sumQuantity()?.doubleValue(for: .count()) == 40)
        #expect(seenByWriter.sources?.map(\.bundleIdentifier) == ["com.example.writer"])
        #expect(try await descriptor.result(for: reader)?.sumQuantity()?.doubleValue(for: .count()) == 140)
    }

    @Test func aCollectionGivesEveryIntervalAndListsThoseWithData() async throws {
        let store = try await authorizedStore()
        try await store.save([stepSample(100, at: "2024-05-01T10:00:00Z"), stepSample(30, at: "2024-05-03T10:00:00Z")])
        let calendar = Calendar.current
        let anchor = calendar.startOfDay(for: StatisticsFixture.date("2024-05-01T10:00:00Z"))
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: [.cumulativeSum, .separateBySource], anchorDate: anchor,
            intervalComponents: DateComponents(day: 1))
        let collection = try await descriptor.result(for: store)
        #expect(collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [100, 30])
        var sums: [Double?] = []
        collection.enumerateStatistics(from: anchor, to: anchor.addingTimeInterval(2 * 86400 + 3600)) { statistics, _ in
            sums.append(statistics.sumQuantity()?.doubleValue(for: .count()))
        }
        #expect(sums == [100, nil, 30])
        var first: [Double?] = []
        collection.enumerateStatistics(from: anchor, to: anchor.addingTimeInterval(2 * 86400)) { statistics, stop in
            first.append(statistics.sumQuantity()?.doubleValue(for: .count()))
            stop.pointee = true
        }
        #expect(first == [100])
        let empty = try #require(collection.statistics(for: anchor.addingTimeInterval(86400 + 60)))
        #expect(empty.sumQuantity() == nil && empty.startDate == anchor.addingTimeInterval(86400))
        #expect(collection.sources().map(\.bundleIdentifier) == ["com.example.app"])
    }
}
