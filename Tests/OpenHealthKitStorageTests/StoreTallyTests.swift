import Foundation
import OpenHealthKitEngine
import OpenHealthKitSQLite
import Testing

/// ``StoreTally``'s checksum of samples, `hk migrate`'s proof that a copy is whole: what changes it and what does not.
@Suite struct StoreTallyTests {
    /// The samples' tally of a fresh store holding `rows`, inserted in that order.
    static func samplesTally(_ rows: [SampleRow]) async throws -> TableTally {
        let storage = try SQLiteStorage()
        _ = try storage.insert(rows)
        return try #require(try await StoreTally.tally(storage).first { $0.table == "samples" })
    }

    static func pair() -> [SampleRow] {
        [StorageTests.row(10, at: 0), StorageTests.row(20, at: 600, source: StorageTests.watch)]
    }

    @Test func theChecksumDoesNotDependOnTheOrderSamplesWereSavedIn() async throws {
        let rows = Self.pair()
        #expect(try await Self.samplesTally(rows) == (try await Self.samplesTally(rows.reversed())))
    }

    @Test func aSampleWhoseMetadataDiffersChangesTheChecksumButNotTheCount() async throws {
        var rows = Self.pair()
        let before = try await Self.samplesTally(rows)
        rows[1].metadata = #"{"HKWasUserEntered":1}"#
        let after = try await Self.samplesTally(rows)
        #expect(after.count == before.count)
        #expect(after.checksum != before.checksum)
    }

    @Test func textMovedFromOneFieldToTheNextChangesTheChecksum() async throws {
        var rows = Self.pair()
        rows[0].source = SourceRow(bundleIdentifier: "com.example.ab", name: "c")
        let before = try await Self.samplesTally(rows)
        rows[0].source = SourceRow(bundleIdentifier: "com.example.a", name: "bc")
        #expect(try await Self.samplesTally(rows).checksum != before.checksum)
    }

    @Test func aMissingValueDiffersFromAZeroValue() async throws {
        var rows = Self.pair()
        rows[0].device = DeviceRow()
        let before = try await Self.samplesTally(rows)
        rows[0].device = nil
        #expect(try await Self.samplesTally(rows).checksum != before.checksum)
    }
}
