package import Foundation
package import OpenHealthKitModel

/// What a quantity series query reads: the matching samples and their quantities.
package struct QuantitySeriesValues: Sendable {
    /// The matching samples, by start date.
    package var samples: [HKQuantitySample]
    /// Every quantity of those samples (a sample of one quantity gives its own), in the order asked.
    package var quantities: [QuantitySeriesQuantity]

    package init(samples: [HKQuantitySample], quantities: [QuantitySeriesQuantity]) {
        self.samples = samples
        self.quantities = quantities
    }
}

/// One quantity of a series query: the index of its sample in ``QuantitySeriesValues/samples``, its dates in seconds
/// since 1970 and its value in the type's canonical unit.
package struct QuantitySeriesQuantity: Sendable, Equatable {
    package var sample: Int
    package var start: Double
    package var end: Double
    package var value: Double

    package init(sample: Int, start: Double, end: Double, value: Double) {
        self.sample = sample
        self.start = start
        self.end = end
        self.value = value
    }
}

extension HealthEngine {
    /// The quantities of the samples of `type` matching `predicate` that the principal may see: each series sample's
    /// quantities, and a sample of one quantity as itself. By quantity start date across samples, or, with
    /// `orderBySample`, sample by sample (samples by start date) and each sample's quantities by start date.
    package func quantitySeries(
        of type: HKQuantityType, predicate: PredicateTree?, orderBySample: Bool, as principal: Principal
    ) async throws -> QuantitySeriesValues {
        let samples = try await self.samples(of: type, predicate: predicate, sort: [RowSort(.startDate)], as: principal)
            .compactMap { $0 as? HKQuantitySample }
        var quantities: [QuantitySeriesQuantity] = []
        for (index, sample) in samples.enumerated() {
            guard let series = sample.series else {
                quantities.append(
                    QuantitySeriesQuantity(
                        sample: index, start: sample.startDate.timeIntervalSince1970,
                        end: sample.endDate.timeIntervalSince1970, value: sample.quantity.value))
                continue
            }
            quantities.reserveCapacity(quantities.count + series.count)
            try await storageCall {
                try storage.forEachQuantitySeriesValue(ofSample: sample.uuid) { value in
                    quantities.append(
                        QuantitySeriesQuantity(sample: index, start: value.start, end: value.end, value: value.value))
                }
            }
        }
        if !orderBySample, samples.count > 1 {
            // Start dates are unique within a sample: (start, sample) orders every quantity.
            quantities.sort { ($0.start, $0.sample) < ($1.start, $1.sample) }
        }
        return QuantitySeriesValues(samples: samples, quantities: quantities)
    }

    /// The beats of the heartbeat series with this UUID, as written; none when the principal may not see such a
    /// sample, or there is none (the same answer: a denied read looks like no data).
    package func heartbeats(ofSeries uuid: UUID, as principal: Principal) async throws -> [HeartbeatSeriesEntry] {
        guard try await isVisible(uuid, of: HKSeriesType.heartbeat(), as: principal) else { return [] }
        return try await storageCall { try storage.heartbeatSeriesBeats(of: uuid) }.map {
            HeartbeatSeriesEntry(timeSinceStart: $0.timeSinceStart, precededByGap: $0.precededByGap)
        }
    }

    /// The voltages of the electrocardiogram with this UUID; nil when the principal may not see it, or there is none.
    package func voltages(ofElectrocardiogram uuid: UUID, as principal: Principal) async throws
        -> ElectrocardiogramVoltages?
    {
        let type = HKObjectType.electrocardiogramType()
        let query = await RowQuery(
            typeIdentifiers: [type.identifier], condition: .uuids([uuid]),
            visibleSources: try visibleSources(for: type.identifier, as: principal))
        guard let row = try await storageCall({ try await storage.fetch(query) }).first,
            case .electrocardiogram(let detail) = row.detail
        else { return nil }
        let leads = try await storageCall { try storage.electrocardiogramLeads(of: uuid) }
        // Without a recorded frequency, the measurements spread evenly over the recording.
        let duration = row.endDate - row.startDate
        let frequency =
            detail.samplingFrequency
            ?? (duration > 0 && detail.voltageCount > 0 ? Double(detail.voltageCount) / duration : 1)
        var byLead: [HKElectrocardiogram.Lead: [Double]] = [:]
        for lead in leads {
            guard let known = HKElectrocardiogram.Lead(rawValue: lead.lead) else { continue }
            byLead[known] = lead.microvolts
        }
        return ElectrocardiogramVoltages(samplingFrequency: frequency, leads: byLead)
    }

    /// Whether the principal may see a sample of `type` with this UUID.
    private func isVisible(_ uuid: UUID, of type: HKSampleType, as principal: Principal) async throws -> Bool {
        let query = await RowQuery(
            typeIdentifiers: [type.identifier], condition: .uuids([uuid]),
            visibleSources: try visibleSources(for: type.identifier, as: principal), limit: 1)
        return try await !storageCall { try await storage.fetch(query) }.isEmpty
    }
}
