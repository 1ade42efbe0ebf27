public import Foundation
public import OpenHealthKitModel
package import OpenHealthKitEngine

/// `POST /v1/queries/quantity-series`: HKQuantitySeriesSampleQuery, the quantities of the samples of a quantity type
/// matching a predicate.
public struct WireQuantitySeriesQuery: Codable, Sendable {
    /// The raw identifier of the quantity type.
    public var type: String
    /// The predicate the samples must match; nil matches every sample.
    public var predicate: WirePredicate?
    /// Sample by sample (samples by start date) rather than by each quantity's start date.
    public var orderByQuantitySampleStartDate: Bool?

    package init(type: String, predicate: PredicateTree?, orderBySample: Bool) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
        orderByQuantitySampleStartDate = orderBySample
    }
}

/// The answer to a quantity series query: the matching samples, and their quantities as columns (one entry per
/// quantity, in the query's order), values in ``unit``.
public struct WireQuantitySeriesResponse: Codable, Sendable {
    /// The matching samples, by start date.
    public var samples: [WireSample]
    /// The unit of ``values``: the type's canonical unit.
    public var unit: String
    /// Each quantity's sample, an index into ``samples``.
    public var sample: [Int]
    /// Each quantity's start, seconds since 1970.
    public var startDate: [Double]
    /// Each quantity's end, seconds since 1970.
    public var endDate: [Double]
    /// Each quantity's value, in ``unit``.
    public var value: [Double]

    package init(_ series: QuantitySeriesValues, type: HKQuantityType) {
        samples = series.samples.map(WireSample.init)
        unit = type.canonicalUnit.unitString
        sample = series.quantities.map(\.sample)
        startDate = series.quantities.map(\.start)
        endDate = series.quantities.map(\.end)
        value = series.quantities.map(\.value)
    }

    /// The engine's form; columns of different lengths, an index out of range or another unit are invalid.
    package func values(for type: HKQuantityType) throws -> QuantitySeriesValues {
        guard [startDate.count, endDate.count, value.count].allSatisfy({ $0 == sample.count }) else {
            throw HKError(.unknownError, "healthd answered a quantity series query with columns of different lengths")
        }
        let decoded = try samples.map { wire -> HKQuantitySample in
            guard let sample = try wire.sample() as? HKQuantitySample else {
                throw HKError(.unknownError, "healthd answered a quantity series query with another kind of sample")
            }
            return sample
        }
        let factor = try HKQuantity(unit: HKUnit(parsing: unit), doubleValue: 1).convertedValue(to: type.canonicalUnit)
        var quantities: [QuantitySeriesQuantity] = []
        quantities.reserveCapacity(sample.count)
        for index in sample.indices {
            guard decoded.indices.contains(sample[index]) else {
                throw HKError(.unknownError, "healthd answered a quantity series query with an unknown sample")
            }
            quantities.append(
                QuantitySeriesQuantity(
                    sample: sample[index], start: startDate[index], end: endDate[index],
                    value: factor == 1 ? value[index] : value[index] * factor))
        }
        return QuantitySeriesValues(samples: decoded, quantities: quantities)
    }
}

/// The answer to `GET /v1/heartbeat-series/{uuid}/beats` (HKHeartbeatSeriesQuery): the beats as written; none when
/// the app may not read such a series or there is none.
public struct WireHeartbeatsResponse: Codable, Sendable {
    /// The beats, in the order written.
    public var beats: [WireHeartbeat]

    package init(_ beats: [HeartbeatSeriesEntry]) {
        self.beats = beats.map { WireHeartbeat(timeSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap) }
    }

    package var entries: [HeartbeatSeriesEntry] {
        beats.map { HeartbeatSeriesEntry(timeSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap) }
    }
}

/// The answer to `GET /v1/electrocardiograms/{uuid}/voltages` (HKElectrocardiogramQuery): the sampling frequency and
/// each lead's voltages in microvolts; no leads and no frequency when the app may not read that electrocardiogram or
/// there is none.
public struct WireVoltagesResponse: Codable, Sendable {
    /// Samples per second; nil when nothing was found.
    public var samplingFrequency: Double?
    /// Each lead's voltages.
    public var leads: [WireLeadVoltages]

    package init(_ voltages: ElectrocardiogramVoltages?) {
        samplingFrequency = voltages?.samplingFrequency
        leads = (voltages?.leads ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }.map {
            WireLeadVoltages(lead: $0.key.rawValue, microvolts: $0.value)
        }
    }

    package func voltages() throws -> ElectrocardiogramVoltages? {
        guard let samplingFrequency else { return nil }
        guard samplingFrequency.isFinite, samplingFrequency > 0 else {
            throw HKError(.unknownError, "healthd answered with a sampling frequency of \(samplingFrequency)")
        }
        var byLead: [HKElectrocardiogram.Lead: [Double]] = [:]
        for lead in leads {
            guard let known = HKElectrocardiogram.Lead(rawValue: lead.lead) else { continue }
            byLead[known] = lead.microvolts
        }
        return ElectrocardiogramVoltages(samplingFrequency: samplingFrequency, leads: byLead)
    }
}

/// One lead's voltages: `HKElectrocardiogram.Lead` raw value and the microvolts, one per sampling period.
public struct WireLeadVoltages: Codable, Sendable {
    /// `HKElectrocardiogram.Lead` raw value.
    public var lead: Int
    /// The voltages in microvolts, in time order.
    public var microvolts: [Double]

    /// One lead's voltages.
    public init(lead: Int, microvolts: [Double]) {
        self.lead = lead
        self.microvolts = microvolts
    }
}
