import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import Testing

/// The order of a read's rows: the query's, or insertion order when it has neither sort nor limit, whatever order the
/// storage reads them in (``Storage/forEachInReadOrder(_:_:)``).
@Suite struct ReadOrderTests {
    static let steps = HKQuantityTypeIdentifier.stepCount.rawValue
    static let phone = SourceRow(bundleIdentifier: "com.example.phone", name: "Phone")

    /// Rows saved one by one, each earlier than the one before: a scan by date reads them backwards.
    static func rowsSavedLatestFirst(_ storage: any HealthStorage, count: Int = 6) async throws -> [SampleRow] {
        var saved: [SampleRow] = []
        for index in 0..<count {
            let start = Double(10_000 - 100 * index)
            let row = SampleRow(
                uuid: UUID(), typeIdentifier: steps, startDate: start, endDate: start + 60, value: Double(index),
                source: phone, revision: RevisionRow(version: "1"))
            _ = try await storage.insert([row])
            saved.append(row)
        }
        return saved
    }

    static let queries: [RowQuery] = [
        RowQuery(typeIdentifiers: [steps], condition: .dateRange(start: 9_000, end: 11_000, mode: .overlaps)),
        RowQuery(typeIdentifiers: [steps], sort: [RowSort(.startDate)]),
        RowQuery(typeIdentifiers: [steps], sort: [RowSort(.startDate, ascending: false)], limit: 4),
        RowQuery(typeIdentifiers: [steps], limit: 3),
    ]

    @Test(arguments: TestStorage.allCases)
    func rowsSortedByTheirReadOrderKeysAreTheRowsFetchReturns(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        _ = try await Self.rowsSavedLatestFirst(storage)
        for query in Self.queries {
            var read: [(row: SampleRow, key: Int64)] = []
            try await storage.forEachInReadOrder(query) { read.append(($0, $1)) }
            let sorted = read.sorted { $0.key < $1.key }.map(\.row.uuid)
            #expect(Set(read.map(\.key)).count == read.count, "keys are distinct")
            await #expect(try sorted == storage.fetch(query).map(\.uuid))
        }
    }

    @Test(arguments: TestStorage.allCases)
    func anUnsortedFetchGivesRowsInTheOrderTheyWereSavedWhateverTheirDates(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let saved = try await Self.rowsSavedLatestFirst(storage)
        await #expect(try storage.fetch(Self.queries[0]).map(\.uuid) == saved.map(\.uuid))
    }

    @Test(arguments: TestStorage.allCases)
    func samplesOfAQueryWithoutSortDescriptorsComeInTheOrderTheyWereSaved(_ kind: TestStorage) async throws {
        let (storage, engine) = try await kind.makeWithEngine()
        let saved = try await Self.rowsSavedLatestFirst(storage)
        // A date range: the storage reads it by date, the latest saved first.
        let range = SampleDateRange(
            start: Date(timeIntervalSince1970: 9_000), end: Date(timeIntervalSince1970: 11_000), options: [])
        let samples = try await engine.samples(
            of: HKQuantityType(.stepCount), predicate: .leaf(.sampleDates(range)), as: .owner(source: Self.phone))
        #expect(samples.map(\.uuid) == saved.map(\.uuid))
    }
}
