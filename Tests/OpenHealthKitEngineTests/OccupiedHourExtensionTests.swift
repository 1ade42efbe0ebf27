import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting

/// Saves into hours that hold rows extend those rows (``StatisticsUpkeep``, decision 0052) instead of computing the
/// hours again: over many random stores kept in memory (``MemoryUpkeepStatements``), every row of both lengths,
/// merged and by source, ends equal to the row a store given the same samples at once builds. The saves come from
/// several apps on clocks of their own, into the same two hours: readings and intervals, back-filled, repeated,
/// at the same dates across apps, on bucket edges, of undetermined duration, and spanning hours.
@Suite struct OccupiedHourExtensionTests {
    static let sources = (0..<4).map { SourceRow(bundleIdentifier: "com.example.app\($0)", name: "App \($0)") }
    /// 2026-03-27 10:00 UTC.
    static let start = 1_774_605_600.0

    @Test(arguments: [
        HKQuantityType(.stepCount), HKQuantityType(.bodyMass), HKQuantityType(.heartRate),
        HKQuantityType(.environmentalAudioExposure),
    ])
    func rowsExtendedSaveBySaveEqualRowsBuiltWholeInRandomStores(_ type: HKQuantityType) async throws {
        for seed in 1...120 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            let first = Self.sources.indices.map {
                (start: Self.start - 86_400, end: Self.start - 86_400, value: 1.0, source: $0)
            }
            let saves = Self.saves(&random)
            let maintained = MemoryUpkeepStatements(type: type, sources: Self.sources)
            try await maintained.insert(first)
            for save in saves { try await maintained.insert(save) }
            let built = MemoryUpkeepStatements(type: type, sources: Self.sources)
            try await built.insert(first + saves.joined())
            for granularity in AggregateGranularity.allCases {
                let rows = maintained.rows[granularity]!, expected = built.rows[granularity]!
                #expect(Set(rows.keys) == Set(expected.keys), "seed \(seed), \(granularity)")
                let different = expected.first { key, row in rows[key].map { !$0.equalsWithinRounding(row) } ?? false }
                #expect(
                    different == nil,
                    "seed \(seed), \(granularity): \(String(describing: different)) against \(String(describing: different.flatMap { rows[$0.key] }))"
                )
            }
        }
    }

    /// Twenty saves of one or two apps, each of one to four values.
    static func saves(_ random: inout SeededRandom) -> [[(start: Double, end: Double, value: Double, source: Int)]] {
        var clocks = sources.map { _ in start + Double(random.below(4)) * 300 }
        let gaps: [Double] = [0, 1, 30, 299, 300, 600, 601, 899]
        var saved: [(start: Double, end: Double, value: Double, source: Int)] = []
        var saves: [[(start: Double, end: Double, value: Double, source: Int)]] = []
        for _ in 0..<20 {
            var save: [(start: Double, end: Double, value: Double, source: Int)] = []
            for _ in 0...random.below(2) {
                let source = random.below(sources.count)
                for _ in 0...random.below(4) {
                    if random.below(10) == 0, let again = saved.randomElement(using: &random) {
                        save.append(again)
                        continue
                    }
                    var date: Double
                    if random.below(5) == 0 {
                        date = clocks[source] - Double(random.below(1200))
                    } else {
                        clocks[source] += gaps[random.below(gaps.count)]
                        date = clocks[source]
                    }
                    // On a quarter hour's edge, sometimes.
                    if random.below(6) == 0 { date = (date / 900).rounded(.down) * 900 }
                    let duration = [0, 0, 0, 60, Double(random.below(900)), Double(random.below(5400))][random.below(6)]
                    let end = random.below(20) == 0 ? StatisticsAggregation.undeterminedEnd : date + duration
                    save.append((date, end, Double(40 + random.below(120)), source))
                }
            }
            saved += save
            saves.append(save)
        }
        return saves
    }
}
