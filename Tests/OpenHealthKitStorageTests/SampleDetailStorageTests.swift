import Foundation
import Testing
import OpenHealthKitEngine

/// Series, heartbeat series and electrocardiograms in a storage: one sample row each, their points in child tables
/// (never a sample row per point), read back exactly, and deleted with their sample.
@Suite struct SampleDetailStorageTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let phone = SourceRow(bundleIdentifier: "com.example.phone", name: "Phone")

    static func sample(_ type: String, start: Double = 0, end: Double, detail: SampleDetail) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: start, endDate: end, value: nil, source: phone,
            revision: RevisionRow(version: "1"), detail: detail)
    }

    static func series(of values: [QuantitySeriesValueRow]) -> SampleRow {
        let last = values[values.count - 1]
        var row = sample(
            heartRate, end: last.end,
            detail: .quantitySeries(
                QuantitySeriesRow(
                    count: values.count, minimum: values.map(\.value).min() ?? 0,
                    maximum: values.map(\.value).max() ?? 0, mostRecent: last.value, mostRecentStart: last.start,
                    mostRecentEnd: last.end, values: values)))
        row.value = values.map(\.value).reduce(0, +) / Double(values.count)
        return row
    }

    @Test(arguments: TestStorage.allCases)
    func aSeriesIsOneSampleRowWithItsQuantitiesInAChildTable(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let values = (0..<1_000).map {
            QuantitySeriesValueRow(start: Double($0), end: Double($0 + 1), value: 1 + Double($0 % 7))
        }
        let row = Self.series(of: values)
        _ = try await storage.insert([row])
        #expect(try await kind.count("sample", in: storage) == 1)
        #expect(try await kind.count("quantity_series_value", in: storage) == 1_000)
        var read: [QuantitySeriesValueRow] = []
        try storage.forEachQuantitySeriesValue(ofSample: row.uuid) { read.append($0) }
        #expect(read == values)
    }

    @Test(arguments: TestStorage.allCases)
    func aSampleReadBackCarriesItsSeriesSummaryButNotItsQuantities(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let values = [
            QuantitySeriesValueRow(start: 0, end: 1, value: 1.25),
            QuantitySeriesValueRow(start: 1, end: 2, value: 0.75),
        ]
        let row = Self.series(of: values)
        _ = try await storage.insert([row])
        let read = try await #require(try storage.fetch(RowQuery(typeIdentifiers: [Self.heartRate])).first)
        guard case .quantitySeries(let series) = read.detail else {
            Issue.record("no series detail: \(String(describing: read.detail))")
            return
        }
        #expect(series.count == 2 && series.minimum == 0.75 && series.maximum == 1.25 && series.mostRecent == 0.75)
        #expect(series.values.isEmpty)
    }

    @Test(arguments: TestStorage.allCases)
    func twoQuantitiesStartingTogetherFailTheWholeBatch(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let fine = Self.series(of: [QuantitySeriesValueRow(start: 0, end: 1, value: 1)])
        let clash = Self.series(of: [
            QuantitySeriesValueRow(start: 5, end: 6, value: 1), QuantitySeriesValueRow(start: 5, end: 7, value: 2),
        ])
        await #expect(throws: (any Error).self) { try await storage.insert([fine, clash]) }
        #expect(try await kind.count("sample", in: storage) == 0)
        #expect(try await kind.count("quantity_series_value", in: storage) == 0)
        await #expect(try storage.currentAnchor() == 0)
    }

    @Test(arguments: TestStorage.allCases)
    func heartbeatsComeBackExactlyAsWrittenInOrder(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let beats = [
            HeartbeatSeriesBeatRow(timeSinceStart: 0.1234567890123, precededByGap: false),
            HeartbeatSeriesBeatRow(timeSinceStart: 0.9, precededByGap: true),
            HeartbeatSeriesBeatRow(timeSinceStart: 0.9000001, precededByGap: false),
        ]
        let row = Self.sample(
            "HKDataTypeIdentifierHeartbeatSeries", end: 0.9000001,
            detail: .heartbeatSeries(HeartbeatSeriesRow(count: 3, beats: beats)))
        _ = try await storage.insert([row])
        #expect(try storage.heartbeatSeriesBeats(of: row.uuid) == beats)
        #expect(try await kind.count("sample", in: storage) == 1)
    }

    @Test(arguments: TestStorage.allCases)
    func voltagesArePackedOneRowPerLeadAndReadBackBitForBit(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let microvolts = [0, -12.345678901, 1_234.5, .leastNonzeroMagnitude, -0.0, 987_654.321]
        let row = Self.sample(
            "HKDataTypeIdentifierElectrocardiogram", end: 30,
            detail: .electrocardiogram(
                ElectrocardiogramRow(
                    classification: 1, symptomsStatus: 1, averageHeartRate: 1.2, samplingFrequency: 512,
                    voltageCount: microvolts.count, leads: [ElectrocardiogramLeadRow(lead: 1, microvolts: microvolts)]))
        )
        _ = try await storage.insert([row])
        #expect(try await kind.count("electrocardiogram_lead", in: storage) == 1)
        let read = try storage.electrocardiogramLeads(of: row.uuid)
        #expect(read.map(\.lead) == [1])
        #expect(read.first?.microvolts.map(\.bitPattern) == microvolts.map(\.bitPattern))
    }

    @Test(arguments: TestStorage.allCases)
    func deletingSamplesDeletesTheirQuantitiesBeatsAndVoltages(_ kind: TestStorage) async throws {
        let storage = try await kind.make()
        let rows = [
            Self.series(of: [QuantitySeriesValueRow(start: 0, end: 1, value: 1)]),
            Self.sample(
                "HKDataTypeIdentifierHeartbeatSeries", end: 1,
                detail: .heartbeatSeries(
                    HeartbeatSeriesRow(
                        count: 1, beats: [HeartbeatSeriesBeatRow(timeSinceStart: 1, precededByGap: false)]))),
            Self.sample(
                "HKDataTypeIdentifierElectrocardiogram", end: 30,
                detail: .electrocardiogram(
                    ElectrocardiogramRow(
                        classification: 1, symptomsStatus: 2, averageHeartRate: nil, samplingFrequency: nil,
                        voltageCount: 1, leads: [ElectrocardiogramLeadRow(lead: 1, microvolts: [5])]))),
        ]
        _ = try await storage.insert(rows)
        _ = try await storage.delete(uuids: rows.map(\.uuid))
        for table in [
            "quantity_series", "quantity_series_value", "heartbeat_series", "heartbeat_series_beat",
            "electrocardiogram",
            "electrocardiogram_lead",
        ] {
            #expect(try await kind.count(table, in: storage) == 0, "\(table)")
        }
    }
}
