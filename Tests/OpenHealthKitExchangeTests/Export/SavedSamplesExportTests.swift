import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Samples apps and the owner saved (not imported): Apple's format has no UUIDs or bundle identifiers, so an import
/// of their export names them anew, but every value, date, device and metadata value comes back exactly.
@Suite struct SavedSamplesExportTests {
    private static let start = Date(timeIntervalSince1970: 1_730_620_800.25)  // 2024-11-03 08:00:00.25 UTC

    private func savedStore() async throws -> ImportHarness {
        let harness = try ImportHarness()
        let owner = ImportHarness.owner
        let device = HKDevice(
            name: "Scale, \"Pro\"", manufacturer: "ACME", model: nil, hardwareVersion: "2", firmwareVersion: nil,
            softwareVersion: nil,
            localIdentifier: nil, UDIDeviceIdentifier: nil)
        let metadata: [String: Any] = [
            HKMetadataKeyWasUserEntered: true, "Note": "a \"quoted\", comma\nand line",
            "Measured": Self.start.addingTimeInterval(0.5),
            "Distance": HKQuantity(unit: .meterUnit(with: .centi), doubleValue: 418.5), "Count": 7, "Ratio": 0.125,
        ]
        let samples: [HKObject] = [
            HKQuantitySample(
                type: HKQuantityType(.heartRate),
                quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 73),
                start: Self.start, end: Self.start),
            HKQuantitySample(
                type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .pound(), doubleValue: 154.3),
                start: Self.start,
                end: Self.start.addingTimeInterval(1.5), device: device, metadata: metadata),
            HKQuantitySample(
                type: HKQuantityType(.bloodGlucose),
                quantity: HKQuantity(unit: HKUnit(from: "mmol<180.15588000005408>/L"), doubleValue: 5.7),
                start: Self.start, end: Self.start),
            HKCategorySample(
                type: HKCategoryType(.sleepAnalysis), value: 4, start: Self.start,
                end: Self.start.addingTimeInterval(3_600)),
            HKWorkout(
                activityType: .swimming, start: Self.start, end: Self.start.addingTimeInterval(1_800),
                workoutEvents: [
                    HKWorkoutEvent(
                        type: .pause,
                        dateInterval: DateInterval(start: Self.start.addingTimeInterval(60.125), duration: 30.5),
                        metadata: nil)
                ],
                totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 250.75),
                totalDistance: HKQuantity(unit: .meter(), doubleValue: 1_000),
                totalSwimmingStrokeCount: HKQuantity(unit: .count(), doubleValue: 400), device: nil, metadata: nil),
            HKCorrelation(
                type: HKCorrelationType(.bloodPressure), start: Self.start, end: Self.start,
                objects: [
                    HKQuantitySample(
                        type: HKQuantityType(.bloodPressureSystolic),
                        quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 118), start: Self.start,
                        end: Self.start),
                    HKQuantitySample(
                        type: HKQuantityType(.bloodPressureDiastolic),
                        quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 76), start: Self.start,
                        end: Self.start),
                ]),
        ]
        try await harness.engine.save(samples, as: owner)
        return harness
    }

    /// The samples without what Apple's format cannot carry (UUIDs, bundle identifiers, product types and OS versions).
    private func contents(_ harness: ImportHarness) throws -> [String] {
        try harness.rows(
            """
            SELECT t.identifier, s.start_date, s.end_date, s.value, so.name, d.name, d.manufacturer, d.hardware_version, s.metadata,
                   p.start_date, w.activity_type, w.total_energy_burned, w.total_distance, w.total_swimming_stroke_count, w.events
            FROM sample s JOIN object_type t ON t.id = s.type_id JOIN source so ON so.id = s.source_id
            LEFT JOIN device d ON d.id = s.device_id LEFT JOIN sample p ON p.id = s.correlation_id LEFT JOIN workout w ON w.sample_id = s.id
            """
        ).map { $0.description }.sorted()
    }

    @Test(arguments: ["UTC", "Pacific/Chatham", "America/St_Johns"])
    func valuesDatesDevicesAndMetadataComeBackExactly(timeZone: String) async throws {
        let saved = try await savedStore()
        let folder = try TemporaryFolder()
        let (url, summary) = try saved.exporting(.appleXML, to: folder, name: "export", timeZone: timeZone)
        #expect(summary.records[HKQuantityTypeIdentifier.heartRate.rawValue] == 1)
        let copy = try ImportHarness()
        let imported = try copy.importing(url)
        #expect(imported.skippedTotal == 0, "\(imported.skipped)")
        #expect(try contents(copy) == contents(saved))
    }

    /// A store too large to hold in memory is read and written a record at a time: every record gets there, in order.
    @Test func aLargeStoreIsWrittenRecordByRecord() throws {
        let harness = try ImportHarness()
        let source = try SourceRow.owner(named: "Health")
        let rows = (0..<20_000).map { index in
            SampleRow(
                uuid: UUID(), typeIdentifier: HKQuantityTypeIdentifier.stepCount.rawValue,
                startDate: 1_700_000_000 + Double(index) * 60,
                endDate: 1_700_000_000 + Double(index) * 60 + 59, value: Double(index % 100), source: source,
                revision: RevisionRow())
        }
        _ = try harness.storage.insert(rows.shuffled())
        let folder = try TemporaryFolder()
        for format in ExportFormat.allCases {
            let (url, summary) = try harness.exporting(
                format, to: folder, name: format.rawValue + (format == .fhir ? ".json" : ""))
            #expect(summary.records[HKQuantityTypeIdentifier.stepCount.rawValue] == 20_000)
            if format == .csv {
                let lines = try String(contentsOf: url.appendingPathComponent("stepCount.csv"), encoding: .utf8)
                    .components(separatedBy: "\n")
                #expect(lines.count == 20_002)
                #expect(lines[1].contains("2023-11-14T23:13:20+01:00"))
                #expect(lines[20_000].contains("2023-11-28T20:32:20+01:00"))
            }
        }
    }
}
