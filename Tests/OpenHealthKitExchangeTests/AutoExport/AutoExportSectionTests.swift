import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// The sections beside metrics and workouts, on both storages: symptoms, cycle tracking, state of mind and
/// heart-rate notifications become their HealthKit samples; medications and ECGs are refused as not stored yet.
@Suite struct AutoExportSectionTests {
    static var push: Data {
        let data: [String: Any] = [
            "symptoms": [
                [
                    "start": "2026-03-05 09:00:00 +0100", "end": "2026-03-05 11:00:00 +0100", "name": "Headache",
                    "severity": "Moderate", "userEntered": true, "source": "Health",
                ],
                [
                    "start": "2026-03-05 09:00:00 +0100", "name": "Rapid, Pounding, or Fluttering Heartbeat",
                    "severity": "Mild",
                ],
            ],
            "cycleTracking": [
                [
                    "start": "2026-03-01 00:00:00 +0100", "end": "2026-03-02 00:00:00 +0100", "name": "Menstrual Flow",
                    "value": "Medium", "isCycleStart": true,
                ],
                ["start": "2026-03-12 08:00:00 +0100", "name": "Cervical Mucus Quality", "value": "Egg White"],
                ["start": "2026-03-13 08:00:00 +0100", "name": "Ovulation Test Result", "value": "LH Surge"],
            ],
            "stateOfMind": [
                [
                    "id": "x", "start": "2026-03-05 20:00:00 +0100", "end": "2026-03-05 20:00:00 +0100", "kind": "mood",
                    "labels": ["Calm", "Grateful"], "associations": ["Family", "Current Events"], "valence": 0.6,
                ]
            ],
            "heartRateNotifications": [
                [
                    "start": "2026-03-05 14:00:00 +0100", "end": "2026-03-05 14:10:00 +0100", "threshold": 120,
                    "heartRate": [["hr": 124, "units": "bpm"]],
                ],
                ["start": "2026-03-05 03:00:00 +0100", "end": "2026-03-05 03:30:00 +0100"],
            ],
            "medications": [["displayText": "Aspirin", "start": "2026-03-05 08:00:00 +0100", "status": "Taken"]],
        ]
        return try! JSONSerialization.data(withJSONObject: ["data": data])
    }

    func ingest(_ body: Data, into engine: HealthEngine) throws -> AutoExportResult {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("push.json")
        try body.write(to: file)
        return try AutoExportIngest(engine: engine).ingest(fileAt: file)
    }

    func categories(_ engine: HealthEngine, _ identifier: HKCategoryTypeIdentifier) throws -> [HKCategorySample] {
        try engine.samples(of: HKCategoryType(identifier), predicate: nil, as: ImportHarness.owner)
            .compactMap { $0 as? HKCategorySample }
    }

    @Test(arguments: AutoExportIngestTests.Kind.allCases)
    func eachSectionBecomesItsSamples(_ kind: AutoExportIngestTests.Kind) async throws {
        let engine = try await kind.engine()
        let result = try ingest(Self.push, into: engine)
        #expect(result.stored == 8, "\(result.items.flatMap(\.problems))")
        #expect(result.refused == 1)
        #expect(
            result.items.first { $0.section == "medications" }?.problems.first?.reason.contains("does not store")
                == true)

        let headache = try #require(try categories(engine, .headache).first)
        #expect(headache.value == HKCategoryValueSeverity.moderate.rawValue)
        #expect(headache.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
        #expect(
            try categories(engine, .rapidPoundingOrFlutteringHeartbeat).first?.value
                == HKCategoryValueSeverity.mild.rawValue)
        let flow = try #require(try categories(engine, .menstrualFlow).first)
        #expect(flow.value == HKCategoryValueMenstrualFlow.medium.rawValue)
        #expect(flow.metadata?[HKMetadataKeyMenstrualCycleStart] as? Bool == true)
        #expect(
            try categories(engine, .cervicalMucusQuality).first?.value
                == HKCategoryValueCervicalMucusQuality.eggWhite.rawValue)
        #expect(
            try categories(engine, .ovulationTestResult).first?.value
                == HKCategoryValueOvulationTestResult.luteinizingHormoneSurge.rawValue)
        let mood = try #require(
            try engine.samples(of: HKObjectType.stateOfMindType(), predicate: nil, as: ImportHarness.owner).first
                as? HKStateOfMind)
        #expect(mood.kind == .dailyMood && mood.valence == 0.6)
        #expect(mood.labels == [.calm, .grateful] && mood.associations == [.family, .currentEvents])
        #expect(try categories(engine, .highHeartRateEvent).count == 1)
        #expect(try categories(engine, .irregularHeartRhythmEvent).count == 1)

        let again = try ingest(Self.push, into: engine)
        #expect(again.stored == 0 && again.alreadyStored == 8)
    }

    @Test func anUnknownNameOrValueIsRefusedAlone() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let data: [String: Any] = [
            "symptoms": [
                ["start": "2026-03-05 09:00:00 +0100", "name": "Itchy Elbow", "severity": "Mild"],
                ["start": "2026-03-05 09:00:00 +0100", "name": "Headache", "severity": "Unbearable"],
                ["start": "2026-03-05 09:00:00 +0100", "name": "Headache", "severity": "Severe"],
            ],
            "stateOfMind": [["start": "2026-03-05 20:00:00 +0100", "valence": 3, "labels": []]],
        ]
        let result = try ingest(try JSONSerialization.data(withJSONObject: ["data": data]), into: engine)
        #expect(result.stored == 1)
        #expect(result.items.first { $0.section == "symptoms" }?.problems.map(\.index) == [0, 1])
        #expect(result.items.first { $0.section == "stateOfMind" }?.problems.first?.reason.contains("valence") == true)
    }
}
