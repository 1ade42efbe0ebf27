import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// Activity summaries stored the way a Health export import stores them (the engine's import batch, as
/// `HealthExportImporter` writes them), read back through `HKActivitySummaryQuery`: what only the embedded store does
/// or needs checking once (day roll-over, other calendars, the live mode's new and changed days). The reads by day and
/// by range, the denied app and the invalid predicates run on both backends in HealthDaemonTests
/// (`StoreOnBothBackendsTests+ActivitySummaries`).
@Suite struct ActivitySummaryQueryTests {
    let harness: StoreHarness
    static let summaryType = HKObjectType.activitySummaryType()

    init() async throws {
        harness = try StoreHarness()
        var batch = ImportBatch()
        batch.activitySummaries = [
            Self.row("2024-03-01", energy: 412.5, exercise: 31, stand: 11),
            Self.row("2024-03-02", energy: 250, exercise: 12, stand: 8),
            Self.row("2024-03-03", energy: 530, exercise: 45, stand: 13),
            ActivitySummaryRow(date: "2024-03-04"),
        ]
        _ = try await harness.engine.importBatch(batch)
    }

    static func row(_ day: String, energy: Double, exercise: Double, stand: Double) -> ActivitySummaryRow {
        var row = ActivitySummaryRow(date: day)
        row.activeEnergyBurned = energy
        row.activeEnergyBurnedGoal = 400
        row.appleMoveTime = 0
        row.appleMoveTimeGoal = 0
        row.appleExerciseTime = exercise
        row.appleExerciseTimeGoal = 30
        row.appleStandHours = stand
        row.appleStandHoursGoal = 12
        return row
    }

    static func day(_ year: Int, _ month: Int, _ day: Int, calendar: Calendar? = nil) -> DateComponents {
        var components = DateComponents(year: year, month: month, day: day)
        components.calendar = calendar
        return components
    }

    /// A store of an app allowed to read activity summaries.
    func readingStore() async throws -> HKHealthStore {
        let store = harness.store(
            TestStores.app("com.example.rings"),
            answerer: RuleAnswerer { _ in AuthorizationAnswer(allowedToRead: [Self.summaryType]) })
        try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
        return store
    }

    func summaries(_ store: HKHealthStore, _ predicate: NSPredicate?) async throws -> [HKActivitySummary] {
        let inbox = Inbox<Result<[HKActivitySummary], HKError>>()
        store.execute(
            HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
                inbox.post(error.map { .failure($0 as! HKError) } ?? .success(summaries ?? []))
            })
        return try await inbox.next().get()
    }

    static func days(_ summaries: [HKActivitySummary]) -> [Int] {
        summaries.compactMap { $0.dateComponents(for: Calendar(identifier: .gregorian)).day }
    }

    @Test func readsTheDaysOfARangeBothEndsIncluded() async throws {
        let store = try await readingStore()
        let between = HKQuery.predicate(
            forActivitySummariesBetweenStart: Self.day(2024, 3, 2), end: Self.day(2024, 3, 3))
        #expect(Self.days(try await summaries(store, between)) == [2, 3])
        // Days roll over as Calendar does: March 0 is February 29.
        let wide = HKQuery.predicate(forActivitySummariesBetweenStart: Self.day(2024, 3, 0), end: Self.day(2024, 3, 2))
        #expect(Self.days(try await summaries(store, wide)) == [1, 2])
    }

    @Test func dateComponentsOfAnotherCalendarNameTheSameDay() async throws {
        let store = try await readingStore()
        let gregorian = Calendar(identifier: .gregorian)
        var hebrew = Calendar(identifier: .hebrew)
        hebrew.timeZone = gregorian.timeZone
        let march3 = try #require(gregorian.date(from: DateComponents(year: 2024, month: 3, day: 3, hour: 12)))
        var components = hebrew.dateComponents([.era, .year, .month, .day], from: march3)
        components.calendar = hebrew
        let found = try await summaries(store, HKQuery.predicateForActivitySummary(with: components))
        #expect(Self.days(found) == [3])
        let back = try #require(found.first).dateComponents(for: hebrew)
        #expect(back.year == components.year && back.month == components.month && back.day == components.day)
    }

    @Test func anUpdateHandlerReceivesTheNewAndChangedDaysOfLaterImports() async throws {
        let store = try await readingStore()
        let initial = Inbox<[HKActivitySummary]>(), updates = Inbox<[HKActivitySummary]>()
        let range = HKQuery.predicate(
            forActivitySummariesBetweenStart: Self.day(2024, 3, 3), end: Self.day(2024, 3, 31))
        let query = HKActivitySummaryQuery(predicate: range) { _, summaries, _ in initial.post(summaries ?? []) }
        query.updateHandler = { _, summaries, _ in updates.post(summaries ?? []) }
        store.execute(query)
        #expect(Self.days(try await initial.next()) == [3, 4])

        var batch = ImportBatch()
        batch.activitySummaries = [
            Self.row("2024-03-01", energy: 999, exercise: 1, stand: 1),  // outside the predicate
            Self.row("2024-03-03", energy: 530, exercise: 45, stand: 13),  // unchanged
            Self.row("2024-03-04", energy: 120, exercise: 5, stand: 2),  // changed
            Self.row("2024-03-05", energy: 300, exercise: 20, stand: 9),  // new
        ]
        _ = try await harness.engine.importBatch(batch)
        let updated = try await updates.next()
        #expect(Self.days(updated) == [4, 5])
        #expect(updated.first?.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 120)
        store.stop(query)
        #expect(try await updates.rest().isEmpty)
    }

    @Test func anActivitySummaryPredicateIsAnInvalidArgumentForSamples() async throws {
        let store = try await readingStore()
        let type = HKQuantityType(.stepCount)
        try await store.requestAuthorization(toShare: [type], read: [type])
        let day = HKQuery.predicateForActivitySummary(with: Self.day(2024, 3, 1))
        let error = await #expect(throws: HKError.self) { try await Fetch.samples(store, type, predicate: day) }
        #expect(error?.code == .errorInvalidArgument)
    }
}
