import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// Series, heartbeat series, electrocardiograms and audiograms over healthd's HTTP edge: bad input is a 400 with a
/// JSON error that leaves the store unchanged, and the new reads are audited.
@Suite struct DaemonSampleKindTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static func audiogram(_ frequencies: [Double], sensitivity: Double = 20) -> WireSample {
        var sample = WireSample(type: "HKDataTypeIdentifierAudiogram", startDate: start, endDate: start)
        sample.sensitivityPoints = frequencies.map { frequency in
            var point = WireSensitivityPoint(
                try! HKAudiogramSensitivityPoint(
                    frequency: HKQuantity(unit: .hertz(), doubleValue: 1000),
                    leftEarSensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 20),
                    rightEarSensitivity: nil))
            point.frequency = frequency
            point.tests[0].sensitivity = sensitivity
            return point
        }
        return sample
    }

    static func series(_ quantities: [(Double, Double)]) -> WireSample {
        var sample = WireSample(
            type: "HKQuantityTypeIdentifierStepCount", startDate: start, endDate: start.addingTimeInterval(600))
        sample.quantity = WireQuantity(value: quantities.map(\.1).reduce(0, +), unit: "count")
        sample.seriesQuantities = quantities.map {
            WireSeriesQuantity(
                startDate: start.addingTimeInterval($0.0), endDate: start.addingTimeInterval($0.0), value: $0.1)
        }
        return sample
    }

    static func heartbeats(_ times: [Double]) -> WireSample {
        var sample = WireSample(
            type: "HKDataTypeIdentifierHeartbeatSeries", startDate: start,
            endDate: start.addingTimeInterval(times.max() ?? 0))
        sample.heartbeats = times.map { WireHeartbeat(timeSinceStart: $0, precededByGap: false) }
        return sample
    }

    @Test func badSeriesRecordingsAndAudiogramsAreRefusedAndTheStoreIsUnchanged() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(
                daemon, types: ["stepCount", "HKDataTypeIdentifierHeartbeatSeries", "HKDataTypeIdentifierAudiogram"])
            #expect(try await app.save([Self.audiogram([500, 1000])]).status == 200)
            let before = try await app.anchor()
            var electrocardiogram = WireSample(
                type: "HKDataTypeIdentifierElectrocardiogram", startDate: Self.start, endDate: Self.start)
            electrocardiogram.electrocardiogram = WireElectrocardiogram(
                HKElectrocardiogram(
                    uuid: UUID(), start: Self.start, end: Self.start, numberOfVoltageMeasurements: 0,
                    samplingFrequency: nil, classification: .sinusRhythm, averageHeartRate: nil,
                    symptomsStatus: .notSet,
                    device: nil, metadata: nil, sourceRevision: .placeholder()))
            var misplaced = Self.audiogram([500])
            misplaced.heartbeats = []
            let refusals: [(String, WireSample)] = [
                ("frequencies out of order", Self.audiogram([1000, 500])),
                ("repeated frequency", Self.audiogram([500, 500])),
                ("31 points", Self.audiogram((1...31).map { Double($0) * 100 })),
                ("no point", Self.audiogram([])),
                ("sensitivity out of range", Self.audiogram([500], sensitivity: 400)),
                ("frequency out of range", Self.audiogram([-5])),
                ("a field of another kind", misplaced),
                ("series quantity before the sample", Self.series([(-10, 5), (20, 5)])),
                ("series quantities out of order", Self.series([(20, 5), (10, 5)])),
                ("negative series quantity", Self.series([(10, -5), (20, 5)])),
                ("negative beat time", Self.heartbeats([-1, 0.5])),
                ("no beat", Self.heartbeats([])),
                ("an electrocardiogram", electrocardiogram),
            ]
            for (name, sample) in refusals {
                let answer = try await app.save([Self.audiogram([250]), sample])
                #expect(answer.status == 400, "\(name): \(answer.text)")
                #expect(answer.error != nil, "\(name) answers a JSON error")
            }
            #expect(try await app.anchor() == before)
        }
    }

    @Test func theNewReadsAreAuditedAndRefuseWhatIsNotAQuantityTypeOrAUUID() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["stepCount"])
            let since = Date()
            #expect(try await app.save([Self.series([(0, 5), (60, 7)])]).status == 200)
            let series = try await app.call(
                "POST", "/v1/queries/quantity-series", json: ["type": "stepCount"]
            ).decode(WireQuantitySeriesResponse.self)
            #expect(series.value == [5, 7] && series.sample == [0, 0] && series.unit == "count")
            let notQuantity = try await app.call("POST", "/v1/queries/quantity-series", json: ["type": "sleepAnalysis"])
            #expect(notQuantity.status == 400)
            let badID = try await app.call("GET", "/v1/heartbeat-series/not-a-uuid/beats")
            #expect(badID.status == 400)
            let none = try await app.call("GET", "/v1/electrocardiograms/\(UUID().uuidString)/voltages")
                .decode(WireVoltagesResponse.self)
            #expect(none.leads.isEmpty && none.samplingFrequency == nil)
            let log = try await daemon.owner(
                "GET", "/v1/owner/audit?app=com.example.app&since=\(since.timeIntervalSince1970)"
            )
            .decode(WireAuditLog.self).entries
            #expect(log.contains { $0.operation == "query.quantitySeries" && $0.sampleCount == 2 })
            #expect(log.contains { $0.operation == "query.voltages" && $0.sampleCount == 0 })
        }
    }
}
