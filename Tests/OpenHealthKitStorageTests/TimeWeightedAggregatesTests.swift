import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting

/// Time-weighted types (heart rate; sound levels, averaged as energy) are answered from the aggregates with the
/// figures the samples give: a reading holds until the stream's next sample starts, for at most 10 minutes, never
/// past its interval's end, so holds cut at a bucket's end are carried into the next bucket. Randomized (seeded)
/// runs of readings put readings on bucket edges, gaps just under, at and over 10 minutes and a bucket, readings
/// sharing a date, and readings with durations, from several sources; every answer must come from the aggregates
/// (``StatisticsPath/aggregates``) and equal the direct computation. On every storage that keeps aggregates.
@Suite struct TimeWeightedAggregatesTests {
    static let heartRate = HKQuantityType(.heartRate)
    static let sound = HKQuantityType(.environmentalAudioExposure)
    static let sources = Array(StatisticsAggregatesTests.sources.prefix(3))
    static let zones = ["UTC", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu"]

    @Test(arguments: TestStorage.allCases, [1, 2, 3, 4] as [UInt64])
    func timeWeightedFiguresFromTheAggregatesEqualTheSamplesThroughWritesAndDeletes(
        _ backend: TestStorage, _ seed: UInt64
    ) async throws {
        var random = SeededRandom(seed: seed)
        let (storage, engine) = try await backend.makeWithEngine()
        var stored: [SampleRow] = []
        for _ in 0..<30 { stored += Self.run(&random) }
        _ = try await storage.insert(stored)
        try await expectComposedFigures(engine, &random)
        stored.shuffle(using: &random)
        _ = try await storage.delete(uuids: stored.prefix(80).map(\.uuid))
        try await expectComposedFigures(engine, &random)
        // Late readings between earlier ones: holds that ended at a bucket's end now end at a new first start.
        var late: [SampleRow] = []
        for _ in 0..<10 { late += Self.run(&random) }
        _ = try await storage.insert(late)
        try await expectComposedFigures(engine, &random)
    }

    /// A reading 5 minutes before a quarter hour's end holds across the edge until the next reading, 3 minutes
    /// later: the hourly average weighs it 180 s, as the samples do, though its quarter hour's row holds 300 s.
    @Test(arguments: TestStorage.allCases)
    func aHoldCutAtAQuarterHoursEndContinuesInTheHour(_ backend: TestStorage) async throws {
        let (storage, engine) = try await backend.makeWithEngine()
        let hour = StatisticsAggregatesTests.start
        _ = try await storage.insert([
            Self.reading(Self.heartRate, hour + 600, 60, Self.sources[0]),
            Self.reading(Self.heartRate, hour + 1080, 120, Self.sources[0]),
        ])
        let request = StatisticsRequest(
            type: Self.heartRate, options: [.discreteAverage],
            range: DateInterval(start: Date(timeIntervalSince1970: hour), duration: 3600))
        let fromAggregates = try await engine.statistics(
            request, as: StatisticsAggregatesTests.owner, path: .aggregates)
        // 60 bpm held 480 s (to the next reading), 120 bpm held 600 s.
        let expected = (60.0 * 480 + 120 * 600) / 1080
        let average = try #require(fromAggregates.buckets.first?.merged.average)
        #expect(abs(average - expected) < 1e-9)
    }

    /// Compares queries of both types over random zones, interval lengths and ranges, each required to come from
    /// the aggregates, with the direct computation.
    private func expectComposedFigures(_ engine: HealthEngine, _ random: inout SeededRandom) async throws {
        for zone in Self.zones.shuffled(using: &random).prefix(2) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            let midnight = calendar.startOfDay(for: Date(timeIntervalSince1970: StatisticsAggregatesTests.start))
            let lengths = [
                DateComponents(minute: 15), DateComponents(minute: 30), DateComponents(hour: 1),
                DateComponents(day: 1), DateComponents(weekOfYear: 1),
            ]
            for components in lengths.shuffled(using: &random).prefix(3) {
                let intervals = try StatisticsIntervals(anchor: midnight, components: components, calendar: calendar)
                let range = DateInterval(
                    start: midnight.addingTimeInterval(Double(random.below(12)) * 3600),
                    duration: Double(1 + random.below(24 * 7)) * 3600)
                for type in [Self.heartRate, Self.sound] {
                    for options in Self.optionSets {
                        try await expectComposed(
                            engine, StatisticsRequest(type: type, options: options, intervals: intervals, range: range))
                        try await expectComposed(
                            engine, StatisticsRequest(type: type, options: options, intervals: intervals))
                    }
                }
            }
            // One statistics over a window whose end cuts holds short.
            let start = midnight.addingTimeInterval(Double(random.below(7 * 96)) * 900)
            let window = DateInterval(start: start, duration: Double(1 + random.below(96)) * 900)
            for type in [Self.heartRate, Self.sound] {
                for options in Self.optionSets {
                    try await expectComposed(engine, StatisticsRequest(type: type, options: options, range: window))
                }
            }
        }
    }

    static let optionSets: [HKStatisticsOptions] = [
        [.discreteAverage, .discreteMin, .discreteMax], [.discreteAverage, .mostRecent, .separateBySource],
    ]

    private func expectComposed(_ engine: HealthEngine, _ request: StatisticsRequest) async throws {
        let owner = StatisticsAggregatesTests.owner
        let fast = try await engine.statistics(request, as: owner, path: .aggregates)
        let reference = try await engine.statistics(request, as: owner, path: .samples)
        #expect(fast.buckets.count == reference.buckets.count)
        for (a, b) in zip(fast.buckets, reference.buckets) {
            #expect(a.start == b.start && a.end == b.end)
            #expect(
                StatisticsAggregatesTests.same(a.merged, b.merged),
                "\(request.type.identifier) \(a.start): \(a.merged) against \(b.merged)")
            #expect(a.bySource?.map(\.source) == b.bySource?.map(\.source))
            for (x, y) in zip(a.bySource ?? [], b.bySource ?? []) {
                #expect(StatisticsAggregatesTests.same(x.values, y.values), "\(a.start) \(x.source.bundleIdentifier)")
            }
        }
    }

    static func reading(
        _ type: HKQuantityType, _ start: Double, _ value: Double, _ source: SourceRow, duration: Double = 0
    )
        -> SampleRow
    {
        SampleRow(
            uuid: UUID(), typeIdentifier: type.identifier, startDate: start, endDate: start + duration, value: value,
            source: source, revision: RevisionRow(version: "1"))
    }

    /// A run of 5 to 40 readings of one type and source in the week: it starts on a quarter-hour edge one time in
    /// three, then each gap is one of 1 s, just under, at or over 10 minutes or a quarter hour, or longer; one
    /// reading in eight shares the previous one's date, one in ten lasts 30 s to 12 minutes.
    static func run(_ random: inout SeededRandom) -> [SampleRow] {
        let type = random.below(2) == 0 ? heartRate : sound
        let source = sources[random.below(sources.count)]
        var date = (StatisticsAggregatesTests.start + random.unit() * 7 * 86400).rounded()
        if random.below(3) == 0 { date = (date / 900).rounded(.down) * 900 }
        let gaps: [Double] = [1, 59, 300, 599, 600, 601, 840, 899, 900, 901, 1200, 3000]
        var rows: [SampleRow] = []
        for _ in 0..<(5 + random.below(36)) {
            let value = type == heartRate ? 50 + random.unit() * 120 : 40 + random.unit() * 60
            let duration = random.below(10) == 0 ? 30 + random.unit() * 690 : 0
            rows.append(reading(type, date, value.rounded(), source, duration: duration.rounded()))
            if random.below(8) != 0 { date += gaps[random.below(gaps.count)] }
        }
        return rows
    }
}
