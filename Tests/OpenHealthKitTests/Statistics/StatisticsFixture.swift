import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitStores

/// An engine on a fresh database (``TestStores/storeLocation()``), written to by the owner under any source name, for
/// statistics tests.
struct StatisticsFixture {
    let engine: HealthEngine
    /// The engine's storage, to store rows as older versions could have, without the model's checks.
    let storage: any HealthStorage

    static let steps = HKQuantityType(.stepCount)
    static let heartRate = HKQuantityType(.heartRate)
    static let bodyMass = HKQuantityType(.bodyMass)
    static let audioExposure = HKQuantityType(.environmentalAudioExposure)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    init() throws {
        engine = try HealthEngine.open(TestStores.storeLocation())
        storage = engine.storage
    }

    /// A calendar in `zone` (an IANA name), Gregorian unless told.
    static func calendar(_ zone: String, _ identifier: Calendar.Identifier = .gregorian) -> Calendar {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// A date from ISO 8601 with an offset, e.g. `2024-03-10T00:00:00-08:00`.
    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    /// Saves one sample of `type` (value in `unit`, the type's canonical unit by default) as written by `source`.
    func save(
        _ type: HKQuantityType, _ value: Double, unit: HKUnit? = nil, from start: Date, to end: Date? = nil,
        source: String
    ) async throws {
        let sample = HKQuantitySample(
            type: type, quantity: HKQuantity(unit: unit ?? type.canonicalUnit, doubleValue: value), start: start,
            end: end ?? start)
        try await engine.save([sample], as: .owner(source: SourceRow(bundleIdentifier: source, name: source)))
    }

    /// Imports one sample as a restored Health export holds it: without the duration limits HealthKit puts on saves
    /// (for samples longer than four days, or of undetermined duration).
    func restore(_ type: HKQuantityType, _ value: Double, from start: Date, to end: Date, source: String) async throws {
        let sample = HKQuantitySample(
            type: type, quantity: HKQuantity(unit: type.canonicalUnit, doubleValue: value), start: start, end: end)
        var batch = ImportBatch()
        batch.samples = try engine.importRows(
            for: sample, source: SourceRow(bundleIdentifier: source, name: source), revision: RevisionRow())
        _ = try await engine.importBatch(batch)
    }

    /// Saves `value` for `type` from `start` to `start + minutes` minutes.
    func save(_ type: HKQuantityType, _ value: Double, at start: String, minutes: Double, source: String) async throws {
        let date = Self.date(start)
        try await save(type, value, from: date, to: date.addingTimeInterval(minutes * 60), source: source)
    }

    /// Daily (or other) statistics in `zone`, anchored at a local midnight.
    func collection(
        _ type: HKQuantityType, _ options: HKStatisticsOptions,
        every components: DateComponents = DateComponents(day: 1),
        in zone: String = "UTC", calendar: Calendar.Identifier = .gregorian, anchor: String = "2024-01-01T00:00:00Z",
        predicate: PredicateTree? = nil
    ) async throws -> StatisticsResult {
        let intervals = try StatisticsIntervals(
            anchor: Self.date(anchor), components: components, calendar: Self.calendar(zone, calendar))
        return try await engine.statistics(
            StatisticsRequest(type: type, predicate: predicate, options: options, intervals: intervals),
            as: .owner(source: Self.owner))
    }

    /// One statistics over every matching sample.
    func single(_ type: HKQuantityType, _ options: HKStatisticsOptions, predicate: PredicateTree? = nil) async throws
        -> StatisticsBucket?
    {
        try await engine.statistics(
            StatisticsRequest(type: type, predicate: predicate, options: options), as: .owner(source: Self.owner)
        ).buckets.first
    }

    /// The tree of `HKQuery.predicateForSamples(withStart:end:)`.
    static func dates(_ start: String?, _ end: String?, options: HKQueryOptions = []) -> PredicateTree {
        .leaf(.sampleDates(SampleDateRange(start: start.map(date), end: end.map(date), options: options)))
    }

    static let owner = SourceRow(bundleIdentifier: "com.example.owner", name: "Owner")
}

extension StatisticsResult {
    /// The bucket starting at `start`.
    func bucket(_ start: String) -> StatisticsBucket? {
        buckets.first { $0.start == StatisticsFixture.date(start) }
    }
}

extension StatisticsBucket {
    /// A source's own figures.
    func values(of source: String) -> StatisticsValues? {
        bySource?.first { $0.source.bundleIdentifier == source }?.values
    }
}

/// Equal within a relative 1e-9: sums are split in proportion to time, so the last bits may differ.
func close(_ a: Double?, _ b: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= 1e-9 * max(1, abs(b))
}
