import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    /// healthd reads the quantities with the same engine and sends them as columns.
    func quantitySeries(of type: HKQuantityType, predicate: PredicateTree?, orderBySample: Bool) throws
        -> QuantitySeriesValues
    {
        try transport.call(
            WireRoutes.queryQuantitySeries,
            body: WireQuantitySeriesQuery(type: type.identifier, predicate: predicate, orderBySample: orderBySample),
            as: WireQuantitySeriesResponse.self
        ).answer.values(for: type)
    }

    func heartbeats(ofSeries uuid: UUID) throws -> [HeartbeatSeriesEntry] {
        try transport.call(WireRoutes.heartbeatSeriesBeats.with(uuid), as: WireHeartbeatsResponse.self).answer.entries
    }

    func voltages(ofElectrocardiogram uuid: UUID) throws -> ElectrocardiogramVoltages? {
        try transport.call(WireRoutes.electrocardiogramVoltages.with(uuid), as: WireVoltagesResponse.self).answer
            .voltages()
    }
}
