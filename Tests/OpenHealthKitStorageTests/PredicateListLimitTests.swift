import Foundation
import Testing
import OpenHealthKitEngine

/// Predicates at the documented limit (docs/SECURITY.md, "Predicates are bounded": 10,000 list values) run on each
/// storage, whatever the kind of list: none exceeds SQLite's expression depth or either database's variable limit.
@Suite struct PredicateListLimitTests {
    static let steps = StorageTests.steps
    static let values = 10_000

    static func row(
        _ value: Double, metadata: String? = nil, revision: RevisionRow = RevisionRow(version: "1"),
        source: SourceRow = StorageTests.phone, device: DeviceRow? = nil
    ) -> SampleRow {
        var row = StorageTests.row(value, at: value * 100, source: source)
        row.metadata = metadata
        row.revision = revision
        row.device = device
        return row
    }

    /// The values of the rows `condition` selects, in order.
    static func selected(_ condition: RowCondition, among rows: [SampleRow], on kind: TestStorage) async throws
        -> [Double]
    {
        let storage = try await kind.make()
        _ = try await storage.insert(rows)
        let query = RowQuery(typeIdentifiers: [steps], condition: condition, sort: [RowSort(.value)])
        return try await storage.fetch(query).compactMap(\.value)
    }

    @Test(arguments: TestStorage.allCases)
    func tenThousandSourceRevisionsSelectTheirSamples(_ kind: TestStorage) async throws {
        let rows = [
            Self.row(1, revision: RevisionRow(version: "1", productType: "iPhone15,2")),
            Self.row(2, revision: RevisionRow(version: "2")),
            Self.row(3, source: StorageTests.watch),
        ]
        let others = (0..<(Self.values - 2)).map {
            RevisionMatch(
                bundleIdentifier: "com.example.other\($0)", version: "1", productType: nil,
                operatingSystemVersion: nil)
        }
        let matches = [
            RevisionMatch(
                bundleIdentifier: "com.example.phone", version: "1", productType: "iPhone15,2",
                operatingSystemVersion: nil),
            // Any version of the watch.
            RevisionMatch(
                bundleIdentifier: "com.example.watch", version: nil, productType: nil,
                operatingSystemVersion: nil),
        ]
        #expect(try await Self.selected(.sourceRevisions(others + matches), among: rows, on: kind) == [1, 3])
    }

    @Test(arguments: TestStorage.allCases)
    func tenThousandMetadataValuesSelectTheirSamples(_ kind: TestStorage) async throws {
        let rows = [
            Self.row(1, metadata: #"{"k":"v42"}"#), Self.row(2, metadata: #"{"k":42}"#),
            Self.row(3, metadata: #"{"k":{"date":1000}}"#),
            Self.row(4, metadata: #"{"k":{"dimension":"length","base":2.5}}"#),
            Self.row(5, metadata: #"{"k":"v-none"}"#), Self.row(6, metadata: #"{"k":{"dimension":"mass","base":2.5}}"#),
            Self.row(7),
        ]
        let strings = (0..<(Self.values - 3)).map { MetadataScalar.string("v\($0)") }
        let values = strings + [.number(42), .date(1000), .quantity(2.5, dimension: "length")]
        #expect(try await Self.selected(.metadataIn(key: "k", values: values), among: rows, on: kind) == [1, 2, 3, 4])
    }

    @Test(arguments: TestStorage.allCases)
    func tenThousandDevicesSelectTheirSamples(_ kind: TestStorage) async throws {
        let strap = DeviceRow(name: "Strap", manufacturer: "Acme", model: "S1", firmwareVersion: "2.1")
        let rows = [
            Self.row(1, device: strap), Self.row(2, device: DeviceRow(name: "Strap", manufacturer: "Acme")),
            Self.row(3),
        ]
        let devices = (0..<(Self.values - 1)).map { DeviceRow(name: "Device \($0)", manufacturer: "Acme") } + [strap]
        #expect(try await Self.selected(.devices(devices), among: rows, on: kind) == [1])
    }
}
