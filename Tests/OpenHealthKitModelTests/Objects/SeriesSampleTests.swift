import Foundation
import Testing
@testable import OpenHealthKitModel

/// The samples of series and recordings as the store returns them, and the checks on series being saved.
@Suite struct SeriesSampleTests {
    let heartRate = HKQuantityType(.heartRate)
    let perMinute = HKUnit(from: "count/min")

    func entry(_ value: Double, _ offset: TimeInterval, _ length: TimeInterval = 0) -> QuantitySeriesEntry {
        QuantitySeriesEntry(
            value: value, interval: DateInterval(start: Fixture.start.addingTimeInterval(offset), duration: length))
    }

    @Test func aStoredDiscreteSeriesReportsItsQuantitiesExtremesAndLatest() throws {
        // In the type's canonical unit, count/s.
        let entries = [entry(1.0, 0), entry(1.5, 10), entry(0.9, 20, 5)]
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: heartRate, quantity: HKQuantity(unit: perMinute, doubleValue: 68),
            start: Fixture.start, end: Fixture.start.addingTimeInterval(25), device: nil, metadata: nil,
            sourceRevision: .placeholder(), series: QuantitySeriesSummary(entries: entries))
        let discrete = try #require(sample as? HKDiscreteQuantitySample)
        #expect(discrete.count == 3)
        #expect(abs(discrete.minimumQuantity.doubleValue(for: perMinute) - 54) < 1e-9)
        #expect(abs(discrete.maximumQuantity.doubleValue(for: perMinute) - 90) < 1e-9)
        #expect(abs(discrete.mostRecentQuantity.doubleValue(for: perMinute) - 54) < 1e-9)
        #expect(discrete.mostRecentQuantityDateInterval == entries[2].interval)
    }

    @Test func aStoredCumulativeSeriesIsACumulativeQuantitySeriesSample() throws {
        let steps = HKQuantityType(.stepCount)
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 30), start: Fixture.start,
            end: Fixture.end, device: nil, metadata: nil, sourceRevision: .placeholder(),
            series: QuantitySeriesSummary(entries: [entry(10, 0), entry(20, 60)]))
        let series = try #require(sample as? HKCumulativeQuantitySeriesSample)
        #expect(series.sum.doubleValue(for: .count()) == 30 && series.sumQuantity == series.sum && series.count == 2)
    }

    @Test func aSeriesBeingSavedMustLieWithinItsSampleInOrder() {
        func sample(_ entries: [QuantitySeriesEntry]) throws {
            _ = try HKQuantitySample.stored(
                uuid: UUID(), type: heartRate, quantity: HKQuantity(unit: .hertz(), doubleValue: 1),
                start: Fixture.start,
                end: Fixture.start.addingTimeInterval(60), device: nil, metadata: nil, sourceRevision: .placeholder(),
                seriesEntries: entries
            ).validate()
        }
        expectInvalidArgument("lies outside its sample") { try sample([entry(1, -1)]) }
        expectInvalidArgument("lies outside its sample") { try sample([entry(1, 50, 20)]) }
        expectInvalidArgument("distinct start dates, in order") { try sample([entry(1, 20), entry(1, 10)]) }
        expectInvalidArgument("requires a value of zero or more") { try sample([entry(-1, 10)]) }
        expectInvalidArgument("needs at least one quantity") { try sample([]) }
    }

    @Test func heartbeatSeriesAndElectrocardiogramsHaveTheirTypes() {
        #expect(HKSeriesType.heartbeat().identifier == "HKDataTypeIdentifierHeartbeatSeries")
        #expect(HKObjectType.seriesType(forIdentifier: HKDataTypeIdentifierHeartbeatSeries) == HKSeriesType.heartbeat())
        #expect(HKObjectType.electrocardiogramType().identifier == "HKDataTypeIdentifierElectrocardiogram")
        #expect(HKObjectType.electrocardiogramType().isShareable == false)
        #expect(HKObjectType.audiogramSampleType().identifier == "HKDataTypeIdentifierAudiogram")
        #expect(HKObjectType.type(named: "electrocardiogram") == HKObjectType.electrocardiogramType())
        #expect(HKElectrocardiogram.Classification.unrecognized.rawValue == 100)
        #expect(HKElectrocardiogram.SymptomsStatus.present.rawValue == 2)
        #expect(HKElectrocardiogram.Lead.appleWatchSimilarToLeadI.rawValue == 1)
    }

    @Test func aHeartbeatSeriesEndsAtItsLatestBeatAndRefusesNegativeTimes() {
        let series = HKHeartbeatSeriesSample(
            start: Fixture.start,
            beats: [
                HeartbeatSeriesEntry(timeSinceStart: 0.5, precededByGap: false),
                HeartbeatSeriesEntry(timeSinceStart: 2.25, precededByGap: true),
            ],
            device: nil, metadata: nil)
        #expect(series.count == 2 && series.endDate == Fixture.start.addingTimeInterval(2.25))
        expectInvalidArgument("zero or more") {
            try HKHeartbeatSeriesSample(
                start: Fixture.start, beats: [HeartbeatSeriesEntry(timeSinceStart: -1, precededByGap: false)],
                device: nil, metadata: nil
            ).validate()
        }
    }

    @Test func aHeartbeatLaterThanTheSpanOfSampleDatesAfterItsStartIsRefused() {
        let late = HeartbeatSeriesEntry(timeSinceStart: 1e308, precededByGap: false)
        expectInvalidArgument("at most \(SampleValidation.longestInterval)") {
            try HeartbeatSeriesValidation.validate([late])
        }
        let later = SampleValidation.longestInterval * 2
        expectInvalidArgument("at most") { try HeartbeatSeriesValidation.validate(later) }
    }
}
