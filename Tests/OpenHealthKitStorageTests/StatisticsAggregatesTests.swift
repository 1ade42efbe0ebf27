import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting

/// The 15-minute statistics aggregates give the figures the samples give: on randomized stores (seeded: many sources,
/// overlapping samples, samples spanning buckets and days, deletes, priority changes, late overlapping samples), in
/// several time zones and intervals, each answer is compared with the direct computation from the samples. On every
/// storage (PostgreSQL builds a type's aggregates on their first read, then maintains them in each write).
@Suite struct StatisticsAggregatesTests {
    static let steps = HKQuantityType(.stepCount)
    /// A discrete arithmetic type (time-weighted types: TimeWeightedAggregatesTests).
    static let bodyMass = HKQuantityType(.bodyMass)
    static let owner = Principal.owner(source: SourceRow(bundleIdentifier: "org.openhealthkit.tests", name: "Tests"))
    /// 2026-03-27 00:00 UTC: a week around Europe's change to summer time.
    static let start = 1_774_569_600.0
    static let zones = [
        "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham",
    ]
    /// Sources of every standing in the default order (``SourcePriority/Standing``): two apps (newest first), an
    /// Apple Watch, an imported iPhone and the owner's own entries.
    static let sources = [
        SourceRow(bundleIdentifier: "com.example.source0", name: "Source 0"),
        SourceRow(bundleIdentifier: "com.apple.health.0C5E6A2B", name: "Ann's Apple Watch"),
        SourceRow(bundleIdentifier: "com.example.source2", name: "Source 2"),
        SourceRow(
            bundleIdentifier: SourceRow.exportBundleIdentifierPrefix + "anns-iphone-1f2e3d4c", name: "Ann's iPhone"),
        SourceRow(bundleIdentifier: SourceRow.ownerBundleIdentifierPrefix + "health", name: "Health"),
    ]

    @Test(arguments: TestStorage.allCases, [1, 2, 3] as [UInt64])
    func aggregatesGiveTheSamplesFiguresThroughWritesDeletesAndPriorityChanges(
        _ backend: TestStorage, _ seed: UInt64
    ) async throws {
        var random = SeededRandom(seed: seed)
        let (storage, engine) = try await backend.makeWithEngine()
        var stored: [SampleRow] = []
        func insert(_ count: Int) async throws {
            let rows = (0..<count).map { _ in Self.randomRow(&random) }
            _ = try await storage.insert(rows)
            stored += rows
        }
        try await insert(400)
        try await expectSameFigures(engine, storage, &random)
        // Deletes.
        stored.shuffle(using: &random)
        let deleted = stored.prefix(60)
        _ = try await storage.delete(uuids: deleted.map(\.uuid))
        stored.removeFirst(60)
        try await expectSameFigures(engine, storage, &random)
        // A priority change, then late samples overlapping earlier ones.
        try await engine.setSourcePriority(
            Self.sources.shuffled(using: &random).map(\.bundleIdentifier), for: Self.steps)
        try await expectSameFigures(engine, storage, &random)
        try await insert(80)
        try await expectSameFigures(engine, storage, &random)
        // Back to the default order, and a source's first sample deleted (which reorders the default ranking).
        try await engine.setSourcePriority([], for: Self.steps)
        let firstOfSource = try await #require(
            storage.fetch(RowQuery(typeIdentifiers: [Self.steps.identifier])).first)
        _ = try await storage.delete(uuids: [firstOfSource.uuid])
        try await expectSameFigures(engine, storage, &random)
    }

    static func stepsRow(_ start: Double, _ end: Double, _ value: Double) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: steps.identifier, startDate: start, endDate: end, value: value,
            source: sources[0], revision: RevisionRow(version: "1"))
    }

    static func hasAggregates(_ storage: any HealthStorage) throws -> Bool {
        try storage.forEachStatisticsAggregate(
            AggregateQuery(typeIdentifier: steps.identifier, firstBucket: nil, endBucket: nil, bySource: false),
            sources: { _, _ in }, { _ in })
    }

    /// Every row of the type's aggregates of `granularity`, merged and by source (the storage builds them first if
    /// it builds them on first use).
    static func rows(
        _ storage: any HealthStorage, _ type: HKQuantityType, _ granularity: AggregateGranularity
    ) throws -> [AggregateRow] {
        var rows: [AggregateRow] = []
        let served = try storage.forEachStatisticsAggregate(
            AggregateQuery(
                typeIdentifier: type.identifier, firstBucket: nil, endBucket: nil, bySource: true,
                granularity: granularity),
            sources: { _, _ in }, { rows.append($0) })
        #expect(served, "\(type.identifier) keeps aggregates")
        // By source (as the type lists them), then bucket: stores may number their sources differently.
        return rows.sorted { ($0.source ?? -1, $0.bucket) < ($1.source ?? -1, $1.bucket) }
    }

    /// Samples centuries apart (a fuzzed export found it): maintenance passes over the empty years instead of
    /// visiting every quarter hour between them, and the figures are the samples'.
    @Test(arguments: TestStorage.allCases)
    func samplesCenturiesApartKeepAggregatesAndTheSamplesFigures(_ backend: TestStorage) async throws {
        let (storage, engine) = try await backend.makeWithEngine()
        let year1700 = -8_520_336_000.0, year2300 = 10_413_792_000.0
        _ = try await storage.insert([
            Self.stepsRow(year1700, year1700 + 600, 10), Self.stepsRow(Self.start, Self.start + 3600, 20),
            Self.stepsRow(year2300, year2300 + 60, 30),
        ])
        #expect(try Self.hasAggregates(storage))
        let request = StatisticsRequest(type: Self.steps, options: [.cumulativeSum])
        let fast = try await engine.statistics(request, as: Self.owner)
        #expect(fast.buckets.first?.merged.sum == 60)
        await #expect(try expectSame(engine, request))
    }

    /// A sample longer than 31 days would fill a bucket per quarter hour it covers: its type is answered from the
    /// samples, with the same figures.
    @Test(arguments: TestStorage.allCases)
    func aSampleLongerThanAMonthSendsItsTypeToTheSamples(_ backend: TestStorage) async throws {
        let (storage, engine) = try await backend.makeWithEngine()
        _ = try await storage.insert([Self.stepsRow(Self.start, Self.start + 3600, 20)])
        #expect(try Self.hasAggregates(storage))
        _ = try await storage.insert([Self.stepsRow(Self.start, Self.start + 60 * 86400, 6000)])
        #expect(try Self.hasAggregates(storage) == false)
        let midnight = Date(timeIntervalSince1970: Self.start)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let intervals = try StatisticsIntervals(
            anchor: midnight, components: DateComponents(day: 1), calendar: calendar)
        let daily = StatisticsRequest(type: Self.steps, options: [.cumulativeSum], intervals: intervals)
        await #expect(try expectSame(engine, daily) == false)
    }

    /// Hours are read where every edge is an hour edge, quarter hours where a zone's offset is a half or three
    /// quarters of an hour: hours and days give the samples' figures in each zone, on a store written, partly
    /// deleted and written again (Berlin changes to summer time in the week).
    @Test(
        arguments: TestStorage.allCases, ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/St_Johns", "Asia/Kathmandu"])
    func hoursAndDaysGiveTheSamplesFiguresInZonesOfEveryOffset(_ backend: TestStorage, _ zone: String) async throws {
        var random = SeededRandom(seed: 11)
        let (storage, engine) = try await backend.makeWithEngine()
        let rows = (0..<300).map { _ in Self.randomRow(&random) }
        _ = try await storage.insert(rows)
        _ = try await storage.delete(uuids: rows.prefix(40).map(\.uuid))
        _ = try await storage.insert((0..<60).map { _ in Self.randomRow(&random) })
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let midnight = calendar.startOfDay(for: Date(timeIntervalSince1970: Self.start))
        for components in [DateComponents(hour: 1), DateComponents(day: 1)] {
            let intervals = try StatisticsIntervals(anchor: midnight, components: components, calendar: calendar)
            let range = DateInterval(start: midnight.addingTimeInterval(86400), duration: 3 * 86400)
            for (type, options) in Self.optionSets {
                // Sums always come from the aggregates; a discrete average may not (a sample spanning several
                // quarter hours counts once in each interval it overlaps, which the buckets cannot always tell).
                let answered = try await expectSame(
                    engine, StatisticsRequest(type: type, options: options, intervals: intervals))
                #expect(answered || type != Self.steps, "\(options) came from the samples")
                try await expectSame(
                    engine, StatisticsRequest(type: type, options: options, intervals: intervals, range: range))
            }
        }
    }

    /// An hour's row holds what its four quarter hours hold together (sums within 1e-9, the same extremes, most
    /// recent member, first start and last end), for every hour and only those, after writes and deletes.
    @Test(arguments: TestStorage.allCases)
    func anHoursRowHoldsWhatItsQuarterHoursHold(_ backend: TestStorage) async throws {
        var random = SeededRandom(seed: 12)
        let storage = try await backend.make()
        let rows = (0..<300).map { _ in Self.randomRow(&random) }
        _ = try await storage.insert(rows)
        _ = try await storage.delete(uuids: rows.suffix(50).map(\.uuid))
        for type in [Self.steps, Self.bodyMass] {
            let hours = try Self.rows(storage, type, .hour)
            var quarters: [String: [AggregateRow]] = [:]
            for row in try Self.rows(storage, type, .quarterHour) {
                let hour = Int64((Double(row.bucket) / 4).rounded(.down))
                quarters["\(hour) \(row.source.map(String.init) ?? "merged")", default: []].append(row)
            }
            #expect(hours.count == quarters.count)
            for hour in hours {
                let parts = try #require(quarters["\(hour.bucket) \(hour.source.map(String.init) ?? "merged")"])
                var tally = AggregateRow(
                    bucket: hour.bucket, source: hour.source, members: 0, spanning: 0, sum: 0, valueSum: 0,
                    minimum: .infinity, maximum: -.infinity, latestStart: -.infinity, latestEnd: -.infinity,
                    latestValue: 0, earliestStart: .infinity, latestMemberEnd: -.infinity)
                for part in parts {
                    tally.members += part.members
                    tally.sum += part.sum
                    tally.minimum = min(tally.minimum, part.minimum)
                    tally.maximum = max(tally.maximum, part.maximum)
                    if part.latestEnd > tally.latestEnd
                        || (part.latestEnd == tally.latestEnd && part.latestStart >= tally.latestStart)
                    {
                        (tally.latestStart, tally.latestEnd, tally.latestValue) =
                            (part.latestStart, part.latestEnd, part.latestValue)
                    }
                    tally.earliestStart = min(tally.earliestStart, part.earliestStart)
                    tally.latestMemberEnd = max(tally.latestMemberEnd, part.latestMemberEnd)
                }
                #expect(abs(hour.sum - tally.sum) <= 1e-9 * max(abs(tally.sum), 1), "hour \(hour.bucket)")
                #expect(hour.members <= tally.members && hour.members > 0)
                #expect(hour.minimum == tally.minimum && hour.maximum == tally.maximum)
                #expect(hour.latestValue == tally.latestValue && hour.latestEnd == tally.latestEnd)
                #expect(hour.earliestStart == tally.earliestStart && hour.latestMemberEnd == tally.latestMemberEnd)
            }
        }
    }

    /// Compares a set of queries, some asked at random, with the direct computation, and checks that the aggregates
    /// answered most of them themselves (`.fastest` falls back to the samples silently: a comparison of fallbacks
    /// would prove nothing about the aggregates).
    private func expectSameFigures(
        _ engine: HealthEngine, _ storage: any HealthStorage, _ random: inout SeededRandom
    ) async throws {
        var asked = 0, answeredByAggregates = 0
        func expectSame(_ engine: HealthEngine, _ request: StatisticsRequest) async throws {
            asked += 1
            if try await self.expectSame(engine, request) { answeredByAggregates += 1 }
        }
        defer {
            #expect(
                answeredByAggregates * 4 >= asked * 3,
                "the aggregates answered \(answeredByAggregates) of \(asked) requests")
        }
        #expect(
            try storage.forEachStatisticsAggregate(
                AggregateQuery(
                    typeIdentifier: Self.steps.identifier, firstBucket: nil, endBucket: nil, bySource: false),
                sources: { _, _ in }, { _ in }))
        // Two zones and two interval lengths at random each time: every seed covers a different mix.
        for zone in Self.zones.shuffled(using: &random).prefix(2) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            let midnight = calendar.startOfDay(for: Date(timeIntervalSince1970: Self.start))
            let lengths = [
                DateComponents(minute: 15), DateComponents(hour: 1), DateComponents(day: 1),
                DateComponents(weekOfYear: 1),
            ]
            for components in lengths.shuffled(using: &random).prefix(2) {
                let intervals = try StatisticsIntervals(anchor: midnight, components: components, calendar: calendar)
                let range = DateInterval(
                    start: midnight.addingTimeInterval(Double(random.below(3)) * 86400),
                    duration: Double(1 + random.below(8)) * 86400)
                for (type, options) in Self.optionSets {
                    try await expectSame(
                        engine, StatisticsRequest(type: type, options: options, intervals: intervals, range: range))
                    try await expectSame(engine, StatisticsRequest(type: type, options: options, intervals: intervals))
                }
            }
            let day = calendar.date(byAdding: .day, value: random.below(6), to: midnight)!
            let predicate = PredicateTree.leaf(
                .sampleDates(SampleDateRange(start: day, end: day.addingTimeInterval(86400), options: [])))
            for (type, options) in Self.optionSets {
                try await expectSame(engine, StatisticsRequest(type: type, predicate: predicate, options: options))
            }
        }
        // The whole store at once, which no zone changes: asked once.
        for (type, options) in Self.optionSets {
            try await expectSame(engine, StatisticsRequest(type: type, options: options))
        }
    }

    static let optionSets: [(HKQuantityType, HKStatisticsOptions)] = [
        (steps, [.cumulativeSum]), (steps, [.cumulativeSum, .separateBySource, .mostRecent]),
        (bodyMass, [.discreteMin, .discreteMax, .discreteAverage]),
        (bodyMass, [.discreteMin, .discreteMax, .mostRecent, .separateBySource]),
    ]

    /// Compares the aggregates' answer to `request` with the samples'. Returns false when the aggregates cannot give
    /// it exactly (then `.fastest`, which falls back to the samples, is compared instead).
    @discardableResult
    private func expectSame(_ engine: HealthEngine, _ request: StatisticsRequest) async throws -> Bool {
        let reference = try await engine.statistics(request, as: Self.owner, path: .samples)
        do {
            await Self.expectSame(try engine.statistics(request, as: Self.owner, path: .aggregates), reference)
            return true
        } catch let error as HKError where error.code == .errorInvalidArgument {
            await Self.expectSame(try engine.statistics(request, as: Self.owner), reference)
            return false
        }
    }

    /// Two answers give the same figures (``same(_:_:)``) for the same intervals and sources.
    static func expectSame(_ fast: StatisticsResult, _ reference: StatisticsResult) {
        #expect(fast.range == reference.range)
        #expect(fast.buckets.count == reference.buckets.count)
        for (a, b) in zip(fast.buckets, reference.buckets) {
            #expect(a.start == b.start && a.end == b.end)
            #expect(Self.same(a.merged, b.merged), "\(a.start): \(a.merged) against \(b.merged)")
            #expect(a.bySource?.map(\.source) == b.bySource?.map(\.source))
            for (x, y) in zip(a.bySource ?? [], b.bySource ?? []) {
                #expect(Self.same(x.values, y.values), "\(a.start) \(x.source.bundleIdentifier)")
            }
        }
    }

    /// Equal, sums and averages within 1e-9 relative (the order of additions differs; see
    /// docs/decisions/0035-statistics-aggregates-in-quarter-hours-and-hours.md).
    static func same(_ a: StatisticsValues, _ b: StatisticsValues) -> Bool {
        func close(_ x: Double?, _ y: Double?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return abs(x - y) <= 1e-9 * max(abs(x), abs(y), 1)
        }
        return close(a.sum, b.sum) && close(a.average, b.average) && a.minimum == b.minimum
            && a.maximum == b.maximum && a.mostRecent == b.mostRecent
            && a.mostRecentInterval == b.mostRecentInterval && a.duration == b.duration
    }

    /// A sample over the week: steps of 10 s to 2 days from one of the sources (many overlapping), or a body-mass
    /// reading (mostly instants, some over a few minutes).
    static func randomRow(_ random: inout SeededRandom) -> SampleRow {
        let source = sources[random.below(sources.count)]
        let start = (start + random.unit() * 7 * 86400).rounded()
        if random.below(3) == 0 {
            let duration = random.below(4) == 0 ? Double(random.below(600)) : 0
            return SampleRow(
                uuid: UUID(), typeIdentifier: bodyMass.identifier, startDate: start, endDate: start + duration,
                value: 0.8 + random.unit(), source: source, revision: RevisionRow(version: "1"))
        }
        let durations: [Double] = [10, 60, 300, 900, 1800, 3 * 3600, 30 * 3600, 2 * 86400]
        let duration = durations[random.below(durations.count)] * (0.5 + random.unit())
        return SampleRow(
            uuid: UUID(), typeIdentifier: steps.identifier, startDate: start, endDate: start + duration,
            value: (random.unit() * 1000).rounded(), source: source, revision: RevisionRow(version: "1"))
    }
}
