import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres
import OpenHealthKitTesting
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// A Health Auto Export push stored through the engine, on both storages: each family becomes its HealthKit
/// samples, a push sent again stores nothing new, a bad record is refused alone, a body that is not a push stores
/// nothing.
@Suite struct AutoExportIngestTests {
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgreSQL
        var description: String { rawValue }

        func engine() async throws -> HealthEngine {
            switch self {
            case .sqlite: return HealthEngine(storage: try SQLiteStorage())
            case .postgreSQL: return try await ExchangeOnPostgreSQLTests.postgreSQL()
            }
        }
    }

    let owner = ImportHarness.owner

    func ingest(_ body: Data, into engine: HealthEngine, batchSize: Int = 2_000) throws -> AutoExportResult {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("push.json")
        try body.write(to: file)
        return try AutoExportIngest(engine: engine, batchSize: batchSize).ingest(fileAt: file)
    }

    func samples(_ engine: HealthEngine, _ type: HKSampleType) async throws -> [HKSample] {
        try await engine.samples(of: type, predicate: nil, as: owner)
    }

    @Test(arguments: Kind.allCases)
    func everyFamilyBecomesItsHealthKitSamples(_ kind: Kind) async throws {
        let engine = try await kind.engine()
        let result = try ingest(AutoExportPayloads.metrics(AutoExportPayloads.everyFamily), into: engine)
        #expect(result.refused == 0, "\(result.items.flatMap(\.problems))")
        #expect(result.stored == AutoExportPayloads.everyFamilyObjects)
        #expect(result.timeZone == TimeZone(secondsFromGMT: 3600)?.identifier)

        let steps = try await samples(engine, HKQuantityType(.stepCount)).compactMap { $0 as? HKQuantitySample }
        #expect(steps.map { $0.quantity.doubleValue(for: .count()) }.sorted() == [800, 1200])
        #expect(Set(steps.map(\.sourceRevision.source.name)) == ["Ann's Apple Watch", "Ann's iPhone"])
        #expect(
            steps.first { $0.sourceRevision.source.name == "Ann's iPhone" }?.startDate
                == Date(timeIntervalSince1970: 1_772_697_600))

        let heart = try await #require(try samples(engine, HKQuantityType(.heartRate)).first as? HKQuantitySample)
        #expect(heart.quantity.doubleValue(for: HKUnit(from: "count/min")) == 72.5)
        #expect(
            (heart.metadata?[AutoExportRecords.maximumKey] as? HKQuantity)?.doubleValue(for: HKUnit(from: "count/min"))
                == 90)

        let pressure = try await #require(
            try samples(engine, HKCorrelationType(.bloodPressure)).first as? HKCorrelation)
        let members = pressure.objects.compactMap { $0 as? HKQuantitySample }
            .map { $0.quantity.doubleValue(for: .millimeterOfMercury()) }
        #expect(members.sorted() == [79, 121])

        let sleep = try await samples(engine, HKCategoryType(.sleepAnalysis)).compactMap { $0 as? HKCategorySample }
        #expect(
            sleep.map(\.value).sorted() == [
                HKCategoryValueSleepAnalysis.asleepCore.rawValue,
                HKCategoryValueSleepAnalysis.asleepDeep.rawValue,
            ])
        #expect(sleep.map { $0.endDate.timeIntervalSince($0.startDate) }.sorted() == [5_400, 7_200])

        let glucose = try await #require(try samples(engine, HKQuantityType(.bloodGlucose)).first)
        #expect(
            glucose.metadata?[HKMetadataKeyBloodGlucoseMealTime] as? Int == HKBloodGlucoseMealTime.preprandial.rawValue)
        #expect(glucose.sourceRevision.source.name == AutoExportIngest.defaultSourceName)
        let insulin = try await #require(try samples(engine, HKQuantityType(.insulinDelivery)).first)
        #expect(insulin.metadata?[HKMetadataKeyInsulinDeliveryReason] as? Int == HKInsulinDeliveryReason.bolus.rawValue)
        let mindful = try await #require(try samples(engine, HKCategoryType(.mindfulSession)).first)
        #expect(mindful.endDate.timeIntervalSince(mindful.startDate) == 600)
        let stand = try await #require(try samples(engine, HKCategoryType(.appleStandHour)).first as? HKCategorySample)
        #expect(stand.value == HKCategoryValueAppleStandHour.stood.rawValue)
        await #expect(try samples(engine, HKCategoryType(.handwashingEvent)).count == 1)
    }

    @Test(arguments: Kind.allCases)
    func theSamePushSentAgainStoresNothingNew(_ kind: Kind) async throws {
        let engine = try await kind.engine()
        let body = AutoExportPayloads.metrics(AutoExportPayloads.everyFamily)
        _ = try ingest(body, into: engine)
        let anchor = try await engine.currentAnchor()
        let again = try ingest(body, into: engine)
        #expect(again.stored == 0)
        #expect(again.alreadyStored == again.received)
        #expect(again.refused == 0)
        await #expect(try engine.currentAnchor() == anchor)
    }

    @Test func theAnswerIsTheSameWhateverTheBatchesWhileTheWriterStoresBehindTheReader() async throws {
        let body = AutoExportPayloads.metrics(AutoExportPayloads.everyFamily)
        let whole = try ingest(body, into: HealthEngine(storage: try SQLiteStorage()))
        for size in [1, 2, 3] {
            let engine = HealthEngine(storage: try SQLiteStorage())
            #expect(try ingest(body, into: engine, batchSize: size) == whole, "batches of \(size)")
            let again = try ingest(body, into: engine, batchSize: size)
            #expect(again.stored == 0 && again.alreadyStored == whole.received, "batches of \(size)")
        }
    }

    @Test(arguments: Kind.allCases)
    func aLaterPushOverlappingAnEarlierOneAddsOnlyWhatIsNew(_ kind: Kind) async throws {
        let engine = try await kind.engine()
        func steps(_ hours: ClosedRange<Int>) -> Data {
            AutoExportPayloads.metrics([
                AutoExportPayloads.metric(
                    "step_count", units: "count",
                    hours.map {
                        [
                            "date": String(format: "2026-03-05 %02d:00:00 +0000", $0), "qty": 100 * $0,
                            "source": "Ann's iPhone",
                        ]
                    })
            ])
        }
        _ = try ingest(steps(8...10), into: engine)
        let later = try ingest(steps(9...12), into: engine)
        #expect(later.stored == 2)
        #expect(later.alreadyStored == 2)
        await #expect(try samples(engine, HKQuantityType(.stepCount)).count == 5)
    }

    @Test(arguments: Kind.allCases)
    func aRecordThatCannotBeStoredIsRefusedAloneAndNamed(_ kind: Kind) async throws {
        let engine = try await kind.engine()
        let body = AutoExportPayloads.metrics([
            AutoExportPayloads.metric(
                "step_count", units: "count",
                [
                    ["date": "2026-03-05 08:00:00 +0000", "qty": 10],
                    ["date": "2026-03-05 09:00:00 +0000"],
                    ["date": "5 March", "qty": 3],
                ]),
            AutoExportPayloads.metric(
                "walking_running_distance", units: "kg", [["date": "2026-03-05 08:00:00 +0000", "qty": 1]]),
            AutoExportPayloads.metric(
                "made_up_metric", units: "count", [["date": "2026-03-05 08:00:00 +0000", "qty": 1]]),
            AutoExportPayloads.metric(
                "insulin_delivery", units: "IU", [["date": "2026-03-05 08:00:00 +0000", "qty": 1]]),
        ])
        let result = try ingest(body, into: engine)
        #expect(result.stored == 1)
        #expect(result.refused == 5)
        let steps = try #require(result.items.first { $0.name == "step_count" })
        #expect(steps.problems.map(\.index) == [1, 2])
        #expect(steps.problems[0].reason.contains("qty"))
        #expect(steps.problems[1].reason.contains("is not a date"))
        #expect(
            result.items.first { $0.name == "walking_running_distance" }?.problems.first?.reason.contains(
                "does not measure") == true)
        #expect(
            result.items.first { $0.name == "made_up_metric" }?.problems.first?.reason.contains("no HealthKit type")
                == true)
        #expect(
            result.items.first { $0.name == "insulin_delivery" }?.problems.first?.reason.contains("Basal or Bolus")
                == true)
        await #expect(try samples(engine, HKQuantityType(.stepCount)).count == 1)
    }

    @Test(arguments: Kind.allCases)
    func aBodyThatIsNotAPushStoresNothingEvenAfterValidRecords(_ kind: Kind) async throws {
        let engine = try await kind.engine()
        var body = AutoExportPayloads.metrics([
            AutoExportPayloads.metric(
                "step_count", units: "count",
                (0..<5_000).map {
                    ["date": "2026-03-05 08:00:00 +0000", "qty": $0]
                })
        ])
        // Cut short: the records before the cut are valid, but the body is not JSON.
        body.removeLast(10)
        #expect(throws: AutoExportFormatError.self) { try ingest(body, into: engine) }
        await #expect(try samples(engine, HKQuantityType(.stepCount)).isEmpty)
    }

    @Test(arguments: [
        #"[]"#, #"{"metrics": []}"#, #"{"data": []}"#, #"{"data": {"metrics": {}}}"#, #"{"data": {"metrics": [1]}}"#,
        #"{"data": {"metrics": [{"name": "step_count", "data": {}}]}}"#, #"{"data": {}} {}"#,
        #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "x", "qty": 1e400}]}]}}"#,
        #"{"data": {"metrics": []}, "data": {"metrics": []}}"#,
    ])
    func aBodyOfAnotherShapeIsRefusedAsNotAPush(_ text: String) async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        #expect(throws: AutoExportFormatError.self) { try ingest(Data(text.utf8), into: engine) }
    }

    @Test func aRecordLargerThanItsSectionAllowsRefusesThePushBeforeAnythingIsStored() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let large = Array(repeating: 1, count: AutoExportOutline.recordBudget("metrics"))
        let body = AutoExportPayloads.metrics([
            AutoExportPayloads.metric(
                "step_count", units: "count",
                [
                    ["date": "2026-03-05 08:00:00 +0000", "qty": 1],
                    ["date": "2026-03-05 09:00:00 +0000", "qty": 2, "x": large],
                ])
        ])
        #expect(throws: AutoExportFormatError.self) { try ingest(body, into: engine) }
        await #expect(try samples(engine, HKQuantityType(.stepCount)).isEmpty)
    }

    @Test func aRecordThatHoldsNothingToStoreIsReceivedAndCountedInNeither() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let body = AutoExportPayloads.metrics([
            AutoExportPayloads.metric(
                "sexual_activity", units: "count",
                [
                    ["date": "2026-03-05 22:00:00 +0100", "Unspecified": 0, "Protection Used": 0]
                ])
        ])
        let result = try ingest(body, into: engine)
        #expect(result.received == 1 && result.stored == 0 && result.alreadyStored == 0 && result.refused == 0)
    }

    @Test func aNightsTotalsBecomeTimeInBedAndStagesLaidEndToEnd() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let body = AutoExportPayloads.metrics([
            AutoExportPayloads.metric(
                "sleep_analysis", units: "hr",
                [
                    [
                        "date": "2026-03-05 00:00:00 +0100", "totalSleep": 6.5, "core": 4, "deep": 1, "rem": 1.5,
                        "asleep": 0,
                        "awake": 0.25, "sleepStart": "2026-03-04 23:10:00 +0100",
                        "sleepEnd": "2026-03-05 06:00:00 +0100",
                        "inBed": 7.5, "inBedStart": "2026-03-04 22:45:00 +0100",
                        "inBedEnd": "2026-03-05 06:15:00 +0100",
                    ]
                ])
        ])
        let result = try ingest(body, into: engine)
        #expect(result.stored == 5)
        let sleep = try await samples(engine, HKCategoryType(.sleepAnalysis)).compactMap { $0 as? HKCategorySample }
        let hours = Dictionary(
            uniqueKeysWithValues: sleep.map { ($0.value, $0.endDate.timeIntervalSince($0.startDate) / 3600) })
        #expect(
            hours == [
                HKCategoryValueSleepAnalysis.inBed.rawValue: 7.5, HKCategoryValueSleepAnalysis.asleepCore.rawValue: 4,
                HKCategoryValueSleepAnalysis.asleepDeep.rawValue: 1,
                HKCategoryValueSleepAnalysis.asleepREM.rawValue: 1.5,
                HKCategoryValueSleepAnalysis.awake.rawValue: 0.25,
            ])
        let core = try #require(sleep.first { $0.value == HKCategoryValueSleepAnalysis.asleepCore.rawValue })
        #expect(core.startDate == AutoExportDate("2026-03-04 23:10:00 +0100")?.date)
    }

    @Test func aSourceNamedInAPushRanksAsTheSameNameInAnExport() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        _ = try ingest(AutoExportPayloads.metrics(AutoExportPayloads.everyFamily), into: engine)
        let watch = try await samples(engine, HKQuantityType(.stepCount)).first {
            $0.sourceRevision.source.name == "Ann's Apple Watch"
        }
        #expect(
            watch?.sourceRevision.source.bundleIdentifier == RecordSource.bundleIdentifier(forName: "Ann's Apple Watch")
        )
    }
}
