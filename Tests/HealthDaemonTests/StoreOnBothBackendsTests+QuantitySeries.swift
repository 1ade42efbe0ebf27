import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Quantity series on both backends: HKQuantitySeriesSampleBuilder saves one sample holding its quantities,
/// HKQuantitySeriesSampleQuery and its descriptor read them back exactly, and statistics count them as if each had
/// been saved alone.
extension StoreOnBothBackendsTests {
    /// One quantity a series query delivered.
    struct SeriesQuantity: Equatable {
        var value: Double
        var interval: DateInterval
        var sample: UUID?
        var done: Bool
    }

    /// Runs a quantity series query and collects what it delivers, up to the call with `done`.
    func seriesQuantities(
        _ store: HKHealthStore, _ type: HKQuantityType, _ unit: HKUnit, predicate: NSPredicate? = nil,
        orderBySample: Bool = false, includeSample: Bool = false
    ) async throws -> [SeriesQuantity] {
        let inbox = Inbox<Result<SeriesQuantity?, HKError>>()
        let query = HKQuantitySeriesSampleQuery(quantityType: type, predicate: predicate) {
            _, quantity, interval, sample, done, error in
            if let error {
                inbox.post(.failure(error as! HKError))
            } else if let quantity, let interval {
                inbox.post(
                    .success(
                        SeriesQuantity(
                            value: quantity.doubleValue(for: unit), interval: interval, sample: sample?.uuid, done: done
                        )))
            } else {
                inbox.post(.success(nil))
            }
        }
        query.orderByQuantitySampleStartDate = orderBySample
        query.includeSample = includeSample
        store.execute(query)
        var delivered: [SeriesQuantity] = []
        while let next = try await inbox.next().get() {
            delivered.append(next)
            if next.done { break }
        }
        return delivered
    }

    /// Values to 9 decimals: heart rates are stored in count/s, and read back in count/min with a last-digit error.
    static func rounded(_ values: [Double]) -> [Double] {
        values.map { ($0 * 1e9).rounded() / 1e9 }
    }

    func interval(_ offset: TimeInterval, _ length: TimeInterval = 0) -> DateInterval {
        DateInterval(start: Self.hour.addingTimeInterval(offset), duration: length)
    }

    @Test(arguments: StoreBackend.allCases)
    func aQuantitySeriesIsSavedAsOneSampleAndReadBackQuantityByQuantity(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [steps])
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: steps, startDate: Self.hour, device: nil)
            try builder.insert(HKQuantity(unit: .count(), doubleValue: 30), for: interval(0, 60))
            try builder.insert(HKQuantity(unit: .count(), doubleValue: 45), for: interval(60, 60))
            try builder.insert(HKQuantity(unit: .count(), doubleValue: 5), at: Self.hour.addingTimeInterval(150))
            let saved = try await builder.finishSeries(metadata: ["walk": "morning"])
            let sample = try #require(saved.first)
            #expect(saved.count == 1 && sample.count == 3)
            #expect(close(sample.quantity, 80, .count()))
            #expect(sample.startDate == Self.hour && sample.endDate == Self.hour.addingTimeInterval(150))

            let stored = try #require(try await Fetch.samples(store, steps).first as? HKCumulativeQuantitySeriesSample)
            #expect(stored.uuid == sample.uuid && stored.count == 3)
            #expect(close(stored.sum, 80, .count()) && stored.metadata?["walk"] as? String == "morning")

            let quantities = try await seriesQuantities(
                store, steps, .count(), predicate: HKQuery.predicateForObject(with: sample.uuid))
            #expect(
                quantities == [
                    SeriesQuantity(value: 30, interval: interval(0, 60), sample: nil, done: false),
                    SeriesQuantity(value: 45, interval: interval(60, 60), sample: nil, done: false),
                    SeriesQuantity(value: 5, interval: interval(150), sample: nil, done: true),
                ])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aQuantitySeriesBuilderRefusesBadInputAndADiscardedOneSavesNothing(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [steps])
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: steps, startDate: Self.hour, device: nil)
            #expect(
                failure { try builder.insert(HKQuantity(unit: .meter(), doubleValue: 3), at: Self.hour) }
                    == .errorInvalidArgument)
            #expect(
                failure {
                    try builder.insert(HKQuantity(unit: .count(), doubleValue: 3), at: Self.hour.addingTimeInterval(-1))
                } == .errorInvalidArgument)
            #expect(
                failure { try builder.insert(HKQuantity(unit: .count(), doubleValue: -3), at: Self.hour) }
                    == .errorInvalidArgument)
            #expect(await failure { _ = try await builder.finishSeries(metadata: nil) } == .errorInvalidArgument)
            try builder.insert(HKQuantity(unit: .count(), doubleValue: 3), for: interval(0, 60))
            #expect(
                await failure {
                    _ = try await builder.finishSeries(metadata: nil, endDate: Self.hour.addingTimeInterval(30))
                }
                    == .errorInvalidArgument)
            builder.discard()
            #expect(
                failure { try builder.insert(HKQuantity(unit: .count(), doubleValue: 3), at: Self.hour) }
                    == .errorInvalidArgument)
            #expect(await failure { _ = try await builder.finishSeries(metadata: nil) } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, steps).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aSeriesOfATypeTheAppMayNotShareIsRefusedAndNothingIsStored(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let reader = try await world.store(Apps.app("com.example.reader")) { request in
                AuthorizationAnswer(allowedToShare: [], allowedToRead: request.toRead)
            }
            try await reader.requestAuthorization(toShare: [steps], read: [steps])
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: reader, quantityType: steps, startDate: Self.hour, device: nil)
            try builder.insert(HKQuantity(unit: .count(), doubleValue: 3), at: Self.hour)
            #expect(await failure { _ = try await builder.finishSeries(metadata: nil) } == .errorAuthorizationDenied)
            #expect(try await Fetch.samples(reader, steps).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aDiscreteSeriesReportsItsAverageExtremesAndLatestQuantity(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: heartRate, startDate: Self.hour, device: nil)
            for (offset, value) in [(0.0, 60.0), (10, 90), (20, 75), (30, 95)] {
                try builder.insert(HKQuantity(unit: bpm, doubleValue: value), at: Self.hour.addingTimeInterval(offset))
            }
            // A second quantity at a start date replaces the first.
            try builder.insert(HKQuantity(unit: bpm, doubleValue: 70), at: Self.hour.addingTimeInterval(20))
            _ = try await builder.finishSeries(metadata: nil, endDate: Self.hour.addingTimeInterval(40))
            let stored = try #require(try await Fetch.samples(store, heartRate).first as? HKDiscreteQuantitySample)
            #expect(stored.count == 4)
            #expect(stored.endDate == Self.hour.addingTimeInterval(40))
            #expect(close(stored.averageQuantity, 78.75, bpm) && close(stored.quantity, 78.75, bpm))
            #expect(close(stored.minimumQuantity, 60, bpm) && close(stored.maximumQuantity, 95, bpm))
            #expect(close(stored.mostRecentQuantity, 95, bpm))
            #expect(stored.mostRecentQuantityDateInterval == interval(30))
            let values = try await seriesQuantities(store, heartRate, bpm).map(\.value)
            #expect(Self.rounded(values) == [60, 90, 70, 95])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func seriesQueriesOrderByQuantityOrBySampleAndCanIncludeTheSample(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            func series(start: TimeInterval, _ values: [(TimeInterval, Double)]) async throws -> HKQuantitySample {
                let builder = HKQuantitySeriesSampleBuilder(
                    healthStore: store, quantityType: heartRate, startDate: Self.hour.addingTimeInterval(start),
                    device: nil)
                for (offset, value) in values {
                    try builder.insert(
                        HKQuantity(unit: bpm, doubleValue: value), at: Self.hour.addingTimeInterval(offset))
                }
                return try #require(try await builder.finishSeries(metadata: nil).first)
            }
            // Two overlapping series and a sample of one quantity.
            let first = try await series(start: 0, [(0, 60), (20, 62)])
            let second = try await series(start: 10, [(10, 70), (30, 72)])
            let single = beat(80, at: Self.hour.timeIntervalSince1970 - 1_700_000_000 + 15)
            try await store.save(single)

            let byQuantity = try await seriesQuantities(store, heartRate, bpm, includeSample: true)
            #expect(Self.rounded(byQuantity.map(\.value)) == [60, 70, 80, 62, 72])
            #expect(byQuantity.map(\.sample) == [first.uuid, second.uuid, single.uuid, first.uuid, second.uuid])
            #expect(byQuantity.map(\.done) == [false, false, false, false, true])

            let bySample = try await seriesQuantities(store, heartRate, bpm, orderBySample: true)
            #expect(Self.rounded(bySample.map(\.value)) == [60, 62, 70, 72, 80])
            #expect(bySample.allSatisfy { $0.sample == nil })

            let descriptor = HKQuantitySeriesSampleQueryDescriptor(
                predicate: .quantitySample(type: heartRate), options: [.orderByQuantitySampleStartDate, .includeSample])
            var results: [HKQuantitySeriesSampleQueryDescriptor.Result] = []
            for try await result in descriptor.results(for: store) { results.append(result) }
            #expect(Self.rounded(results.map { $0.quantity.doubleValue(for: bpm) }) == [60, 62, 70, 72, 80])
            #expect(results.map(\.sample?.uuid) == [first.uuid, first.uuid, second.uuid, second.uuid, single.uuid])
            #expect(results.last?.dateInterval == DateInterval(start: single.startDate, end: single.endDate))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func statisticsOverASeriesEqualStatisticsOverItsQuantitiesSavedOneByOne(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let series = try await world.authorizedStore(Apps.app("com.example.series"), for: [steps, heartRate])
            let single = try await world.authorizedStore(Apps.app("com.example.single"), for: [steps, heartRate])
            // A minute of steps every 10 minutes over 3 hours, crossing hour boundaries, and heart rates between them.
            let stepsBuilder = HKQuantitySeriesSampleBuilder(
                healthStore: series, quantityType: steps, startDate: Self.hour.addingTimeInterval(-1_900), device: nil)
            let rateBuilder = HKQuantitySeriesSampleBuilder(
                healthStore: series, quantityType: heartRate, startDate: Self.hour.addingTimeInterval(-1_900),
                device: nil)
            var individual: [HKQuantitySample] = []
            for index in 0..<18 {
                let stepsInterval = interval(Double(index) * 600 - 1_830, 90)
                let count = HKQuantity(unit: .count(), doubleValue: Double(40 + index * 7))
                try stepsBuilder.insert(count, for: stepsInterval)
                individual.append(
                    HKQuantitySample(type: steps, quantity: count, start: stepsInterval.start, end: stepsInterval.end))
                let rateDate = Self.hour.addingTimeInterval(Double(index) * 600 - 1_500)
                let rate = HKQuantity(unit: bpm, doubleValue: Double(60 + (index * 13) % 50))
                try rateBuilder.insert(rate, at: rateDate)
                individual.append(HKQuantitySample(type: heartRate, quantity: rate, start: rateDate, end: rateDate))
            }
            _ = try await stepsBuilder.finishSeries(metadata: nil)
            _ = try await rateBuilder.finishSeries(metadata: nil)
            try await single.save(individual)

            func bySource(_ type: HKQuantityType, options: HKStatisticsOptions) async throws -> [String: [Double]] {
                let collection = try await Statistics.collection(
                    series, type, options: options.union(.separateBySource), anchor: Self.hour,
                    every: DateComponents(hour: 1))
                var figures: [String: [Double]] = [:]
                for statistics in collection.statistics() {
                    for source in statistics.sources ?? [] {
                        let unit = type == steps ? HKUnit.count() : bpm
                        let values: [HKQuantity?] =
                            type == steps
                            ? [statistics.sumQuantity(for: source)]
                            : [
                                statistics.averageQuantity(for: source), statistics.minimumQuantity(for: source),
                                statistics.maximumQuantity(for: source), statistics.mostRecentQuantity(for: source),
                            ]
                        figures[source.bundleIdentifier, default: []] += values.map { $0?.doubleValue(for: unit) ?? -1 }
                    }
                }
                return figures
            }
            let stepFigures = try await bySource(steps, options: .cumulativeSum)
            #expect(stepFigures["com.example.series"]?.count == 4)
            #expect(stepFigures["com.example.series"] == stepFigures["com.example.single"])
            let rateFigures = try await bySource(
                heartRate, options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent])
            #expect(rateFigures["com.example.series"]?.count == 16)
            #expect(rateFigures["com.example.series"] == rateFigures["com.example.single"])

            // A window cuts the series' quantities as it cuts single samples.
            let window = HKQuery.predicateForSamples(
                withStart: Self.hour.addingTimeInterval(-600), end: Self.hour.addingTimeInterval(2_345))
            let windowed = try #require(
                try await HKStatisticsQueryDescriptor(
                    predicate: .quantitySample(type: steps, predicate: window),
                    options: [.cumulativeSum, .separateBySource]
                ).result(for: series))
            let sums = try #require(windowed.sources).sorted { $0.bundleIdentifier < $1.bundleIdentifier }.map {
                windowed.sumQuantity(for: $0)?.doubleValue(for: .count()) ?? -1
            }
            #expect(sums.count == 2 && sums[0] > 0)
            #expect(abs(sums[0] - sums[1]) < 1e-9)
        }
    }
}
