import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitTesting
import OpenHealthKitWire

/// Series, heartbeat series, electrocardiograms and audiograms cross the wire without loss, and their fields are
/// refused on other kinds of samples.
@Suite struct WireSampleKindsTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000.25)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func roundTrip(_ sample: HKSample) throws -> HKSample {
        try JSONDecoder().decode(WireSample.self, from: JSONEncoder().encode(WireSample(sample))).sample()
    }

    @Test func aSeriesBeingSavedKeepsItsQuantitiesInTheSamplesUnit() throws {
        let entries = [
            QuantitySeriesEntry(value: 1.5, interval: DateInterval(start: start, duration: 1)),
            QuantitySeriesEntry(value: 2.5, interval: DateInterval(start: start.addingTimeInterval(1), duration: 1)),
        ]
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 120),
            start: start, end: start.addingTimeInterval(2), device: nil, metadata: nil,
            sourceRevision: HKSourceRevision(source: .default(), version: nil), seriesEntries: entries)
        let wire = WireSample(sample)
        // Heart rate's canonical unit is count/s: the wire speaks the sample's count/min.
        #expect(wire.seriesQuantities?.map(\.value) == [90, 150])
        let copy = try #require(try roundTrip(sample) as? HKQuantitySample)
        #expect(copy.seriesEntries == entries)
    }

    @Test func aStoredSeriesKeepsItsCountAndExtremes() throws {
        let summary = QuantitySeriesSummary(
            count: 3, minimum: 1, maximum: 2, mostRecent: 1.5,
            mostRecentInterval: DateInterval(start: start.addingTimeInterval(2), duration: 1))
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 90),
            start: start, end: start.addingTimeInterval(3), device: nil, metadata: nil,
            sourceRevision: HKSourceRevision(source: .default(), version: nil), series: summary)
        let copy = try #require(try roundTrip(sample) as? HKDiscreteQuantitySample)
        #expect(copy.count == 3)
        #expect(copy.minimumQuantity == HKQuantity(unit: .count().unitDivided(by: .second()), doubleValue: 1))
        #expect(copy.mostRecentQuantityDateInterval == summary.mostRecentInterval)
    }

    @Test func aHeartbeatSeriesKeepsItsBeatsExactlyAndInOrder() throws {
        let beats = [
            HeartbeatSeriesEntry(timeSinceStart: 0.123456789, precededByGap: false),
            HeartbeatSeriesEntry(timeSinceStart: 0.9, precededByGap: true),
            HeartbeatSeriesEntry(timeSinceStart: 1.7, precededByGap: false),
        ]
        let series = HKHeartbeatSeriesSample(start: start, beats: beats, device: nil, metadata: ["zone": "rest"])
        let copy = try #require(try roundTrip(series) as? HKHeartbeatSeriesSample)
        #expect(copy.beats == beats)
        #expect(copy.count == 3)
        #expect(copy.endDate == start.addingTimeInterval(1.7))
    }

    @Test func anElectrocardiogramKeepsItsSummary() throws {
        let electrocardiogram = HKElectrocardiogram(
            uuid: UUID(), start: start, end: start.addingTimeInterval(30), numberOfVoltageMeasurements: 15_360,
            samplingFrequency: HKQuantity(unit: .hertz(), doubleValue: 512), classification: .atrialFibrillation,
            averageHeartRate: HKQuantity(unit: bpm, doubleValue: 88), symptomsStatus: .present, device: nil,
            metadata: nil, sourceRevision: HKSourceRevision(source: .default(), version: nil))
        let copy = try #require(try roundTrip(electrocardiogram) as? HKElectrocardiogram)
        #expect(copy.classification == .atrialFibrillation && copy.symptomsStatus == .present)
        #expect(copy.numberOfVoltageMeasurements == 15_360)
        #expect(copy.samplingFrequency == HKQuantity(unit: .hertz(), doubleValue: 512))
        #expect(copy.averageHeartRate == HKQuantity(unit: bpm, doubleValue: 88))
    }

    @Test func anAudiogramKeepsEveryTestWithItsSideMaskingAndClamping() throws {
        let dBHL = HKUnit.decibelHearingLevel()
        let clamped = try HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: dBHL, doubleValue: 80), type: .air, masked: true, side: .right,
            clampingRange: HKAudiogramSensitivityPointClampingRange(lowerBound: 80, upperBound: nil))
        let plain = try HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: dBHL, doubleValue: 15), type: .air, masked: false, side: .left,
            clampingRange: nil)
        let point = try HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: .hertz(), doubleValue: 1000), tests: [clamped, plain])
        let audiogram = HKAudiogramSample(
            sensitivityPoints: [point], start: start, end: start.addingTimeInterval(600), device: nil, metadata: nil)
        let copy = try #require(try roundTrip(audiogram) as? HKAudiogramSample)
        #expect(copy.sensitivityPoints == [point])
        let right = try #require(copy.sensitivityPoints.first?.tests.first)
        #expect(right.side == .right && right.masked)
        #expect(right.clampingRange?.lowerBound == HKQuantity(unit: dBHL, doubleValue: 80))
        #expect(right.clampingRange?.upperBound == nil)
    }

    @Test func anAudiogramTestOnAnUnknownSideIsAnInvalidArgument() throws {
        var audiogram = WireSample(type: HKAudiogramTypeIdentifier, startDate: start, endDate: start)
        let json = #"{"frequency": 1000, "tests": [{"sensitivity": 20, "type": 0, "masked": false, "side": 2}]}"#
        audiogram.sensitivityPoints = [try JSONDecoder().decode(WireSensitivityPoint.self, from: Data(json.utf8))]
        #expect(failure { _ = try audiogram.sample() } == .errorInvalidArgument)
    }

    @Test func heartbeatsOnAQuantitySampleAreRefused() throws {
        var misplaced = WireSample(type: "heartRate", startDate: start, endDate: start)
        misplaced.quantity = WireQuantity(value: 60, unit: "count/min")
        misplaced.heartbeats = [WireHeartbeat(timeSinceStart: 0, precededByGap: false)]
        #expect(failure { _ = try misplaced.sample() } == .errorInvalidArgument)
    }

    @Test func aSeriesQuantityEndingBeforeItStartsIsAnInvalidArgument() throws {
        var series = WireSample(type: "heartRate", startDate: start, endDate: start.addingTimeInterval(10))
        series.quantity = WireQuantity(value: 60, unit: "count/min")
        series.seriesQuantities = [
            WireSeriesQuantity(startDate: start.addingTimeInterval(5), endDate: start, value: 60)
        ]
        #expect(failure { _ = try series.sample() } == .errorInvalidArgument)
    }

    @Test func electrocardiogramPredicatesSurvive() throws {
        let conditions: [PredicateCondition] = [
            .electrocardiogramClassification(HKElectrocardiogram.Classification.sinusRhythm.rawValue),
            .electrocardiogramSymptomsStatus(HKElectrocardiogram.SymptomsStatus.present.rawValue),
            .associatedWithElectrocardiogram(UUID()),
        ]
        for condition in conditions {
            let wire = try JSONDecoder().decode(
                WirePredicate.self, from: JSONEncoder().encode(WirePredicate(.leaf(condition))))
            #expect(wire.tree == .leaf(condition))
        }
    }
}
