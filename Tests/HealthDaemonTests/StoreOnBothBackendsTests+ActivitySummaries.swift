import Foundation
import OpenHealthKitWire
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// HKActivitySummaryQuery on both backends: summaries stored by an import, read by day and by range with their
/// units, none for a denied app, live updates after later imports; healthd audits each read.
extension StoreOnBothBackendsTests {
    static let summaryType = HKObjectType.activitySummaryType()

    static func summaryRow(_ day: String, energy: Double, exercise: Double, stand: Double) -> ActivitySummaryRow {
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

    static func day(_ year: Int, _ month: Int, _ day: Int) -> DateComponents {
        DateComponents(year: year, month: month, day: day)
    }

    static func days(_ summaries: [HKActivitySummary]) -> [Int] {
        summaries.compactMap { $0.dateComponents(for: Calendar(identifier: .gregorian)).day }
    }

    /// Four days of March 2024 imported, and a store of an app that asked to read them and got `allowed`.
    func summariesWorld(_ world: StoreWorld, readAllowed allowed: Bool, app: String = "com.example.rings") async throws
        -> HKHealthStore
    {
        try await world.importActivitySummaries([
            Self.summaryRow("2024-03-01", energy: 412.5, exercise: 31, stand: 11),
            Self.summaryRow("2024-03-02", energy: 250, exercise: 12, stand: 8),
            Self.summaryRow("2024-03-03", energy: 530, exercise: 45, stand: 13),
            ActivitySummaryRow(date: "2024-03-04"),
        ])
        let store = try await world.store(Apps.app(app)) { _ in
            AuthorizationAnswer(allowedToRead: allowed ? [Self.summaryType] : [])
        }
        try await store.requestAuthorization(toShare: [], read: [Self.summaryType])
        return store
    }

    func activitySummaries(_ store: HKHealthStore, _ predicate: NSPredicate?) async throws -> [HKActivitySummary] {
        let inbox = Inbox<Result<[HKActivitySummary], HKError>>()
        store.execute(
            HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
                inbox.post(error.map { .failure($0 as! HKError) } ?? .success(summaries ?? []))
            })
        return try await inbox.next().get()
    }

    @Test(arguments: StoreBackend.allCases)
    func activitySummariesByDayAndByRangeWithTheirValuesInHealthKitsUnits(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let start = Date()
            let store = try await summariesWorld(world, readAllowed: true)
            #expect(Self.days(try await activitySummaries(store, nil)) == [1, 2, 3, 4])

            let found = try await activitySummaries(
                store, HKQuery.predicateForActivitySummary(with: Self.day(2024, 3, 1)))
            try #require(found.count == 1)
            let summary = found[0]
            #expect(summary.activeEnergyBurned == HKQuantity(unit: .kilocalorie(), doubleValue: 412.5))
            #expect(summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 400)
            #expect(summary.appleExerciseTime.doubleValue(for: .second()) == 31 * 60)
            #expect(summary.appleExerciseTimeGoal.doubleValue(for: .minute()) == 30)
            #expect(summary.exerciseTimeGoal?.doubleValue(for: .minute()) == 30)
            #expect(summary.appleStandHours.doubleValue(for: .count()) == 11)
            #expect(summary.standHoursGoal?.doubleValue(for: .count()) == 12)
            #expect(summary.appleMoveTime.doubleValue(for: .minute()) == 0)
            #expect(summary.activityMoveMode == .activeEnergy)
            let components = summary.dateComponents(for: Calendar(identifier: .gregorian))
            #expect(components.era == 1 && components.year == 2024 && components.month == 3 && components.day == 1)
            #expect(components.calendar?.identifier == .gregorian)

            let empty = try #require(
                try await activitySummaries(store, HKQuery.predicateForActivitySummary(with: Self.day(2024, 3, 4)))
                    .first)
            #expect(empty.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 0)
            #expect(empty.exerciseTimeGoal == nil && empty.standHoursGoal == nil)

            let between = HKQuery.predicate(
                forActivitySummariesBetweenStart: Self.day(2024, 3, 2), end: Self.day(2024, 3, 3))
            let range = try await activitySummaries(store, between)
            #expect(Self.days(range) == [2, 3])
            #expect(range.map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) } == [250, 530])
            let notTheSecond = NSCompoundPredicate(
                notPredicateWithSubpredicate: HKQuery.predicateForActivitySummary(with: Self.day(2024, 3, 2)))
            let wide = HKQuery.predicate(
                forActivitySummariesBetweenStart: Self.day(2024, 3, 1), end: Self.day(2024, 3, 4))
            #expect(
                Self.days(
                    try await activitySummaries(
                        store, NSCompoundPredicate(andPredicateWithSubpredicates: [wide, notTheSecond]))) == [1, 3, 4])

            let samples = HKQuery.predicateForSamples(withStart: Date(timeIntervalSince1970: 0), end: nil)
            let error = await #expect(throws: HKError.self) { try await activitySummaries(store, samples) }
            #expect(error?.code == .errorInvalidArgument)

            // healthd audits each read with the number of summaries.
            if let log = try await world.auditLog(of: "com.example.rings", since: start) {
                let reads = log.filter { $0.operation == "query.activitySummaries" }
                #expect(reads.map(\.sampleCount) == [4, 1, 1, 2, 3, 0])
                #expect(reads.allSatisfy { $0.types == [HKActivitySummaryTypeIdentifier] })
                #expect(reads.map(\.outcome) == ["success", "success", "success", "success", "success", "failure"])
                #expect(reads.last?.errorCode == HKError.Code.errorInvalidArgument.rawValue)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func activitySummariesOfAnAppDeniedReadAccessAreNoneAndNoError(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let start = Date()
            let store = try await summariesWorld(world, readAllowed: false, app: "com.example.denied")
            #expect(try await activitySummaries(store, nil).isEmpty)
            #expect(
                try await activitySummaries(store, HKQuery.predicateForActivitySummary(with: Self.day(2024, 3, 1)))
                    .isEmpty)
            if let log = try await world.auditLog(of: "com.example.denied", since: start) {
                let reads = log.filter { $0.operation == "query.activitySummaries" }
                #expect(reads.map(\.sampleCount) == [0, 0])
                #expect(reads.allSatisfy { $0.outcome == "success" })
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func activitySummaryUpdateHandlerHearsTheDaysALaterImportAddsOrChanges(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await summariesWorld(world, readAllowed: true)
            let initial = Inbox<Result<[HKActivitySummary], HKError>>(), updates = Inbox<[HKActivitySummary]>()
            let range = HKQuery.predicate(
                forActivitySummariesBetweenStart: Self.day(2024, 3, 3), end: Self.day(2024, 3, 31))
            let query = HKActivitySummaryQuery(predicate: range) { _, summaries, error in
                initial.post(error.map { .failure($0 as! HKError) } ?? .success(summaries ?? []))
            }
            query.updateHandler = { _, summaries, _ in updates.post(summaries ?? []) }
            store.execute(query)
            defer { store.stop(query) }
            #expect(Self.days(try await initial.next().get()) == [3, 4])
            try await world.importActivitySummaries([Self.summaryRow("2024-03-05", energy: 300, exercise: 20, stand: 9)]
            )
            #expect(Self.days(try await updates.next()) == [5])
            try await world.importActivitySummaries([
                Self.summaryRow("2024-03-03", energy: 600, exercise: 45, stand: 13)
            ])
            let changed = try await updates.next()
            #expect(Self.days(changed) == [3])
            #expect(changed.first?.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 600)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func activitySummaryDescriptorReadsTheMatchingDaysOnce(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await summariesWorld(world, readAllowed: true)
            let range = HKQuery.predicate(
                forActivitySummariesBetweenStart: Self.day(2024, 3, 2), end: Self.day(2024, 3, 3))
            let summaries = try await HKActivitySummaryQueryDescriptor(predicate: range).result(for: store)
            #expect(Self.days(summaries) == [2, 3])
            #expect(summaries.last?.appleStandHours.doubleValue(for: .count()) == 13)
            #expect(
                Self.days(try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)) == [
                    1, 2, 3, 4,
                ])

            let denied = try await summariesWorld(world, readAllowed: false, app: "com.example.denied")
            #expect(try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: denied).isEmpty)

            let samples = HKQuery.predicateForSamples(withStart: Date(timeIntervalSince1970: 0), end: nil)
            let error = await #expect(throws: HKError.self) {
                _ = try await HKActivitySummaryQueryDescriptor(predicate: samples).result(for: store)
            }
            #expect(error?.code == .errorInvalidArgument)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func activitySummaryDescriptorResultsDeliverEveryDayThenTheDaysThatChange(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await summariesWorld(world, readAllowed: true)
            let range = HKQuery.predicate(
                forActivitySummariesBetweenStart: Self.day(2024, 3, 3), end: Self.day(2024, 3, 31))
            var results = HKActivitySummaryQueryDescriptor(predicate: range).results(for: store).makeAsyncIterator()
            #expect(Self.days(try #require(try await results.next())) == [3, 4])
            try await world.importActivitySummaries([
                Self.summaryRow("2024-03-06", energy: 310, exercise: 25, stand: 10),
                Self.summaryRow("2024-02-28", energy: 100, exercise: 5, stand: 3),
            ])
            let changed = try #require(try await results.next())
            #expect(Self.days(changed) == [6])
            #expect(changed.first?.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 310)
        }
    }
}
