import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// The reads of what samples hold beyond themselves (an app's credential required), with the engine's
/// authorization: what the app may not read looks like nothing at all.
///
/// - `POST /v1/queries/quantity-series` (HKQuantitySeriesSampleQuery): the quantities of the matching samples, as
///   columns; audited as `query.quantitySeries` with the number of quantities.
/// - `GET /v1/heartbeat-series/{id}/beats` (HKHeartbeatSeriesQuery): audited as `query.heartbeats` with the number
///   of beats.
/// - `GET /v1/electrocardiograms/{id}/voltages` (HKElectrocardiogramQuery): audited as `query.voltages` with the
///   number of measurements.
struct SampleDetailRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.queryQuantitySeries) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireQuantitySeriesQuery.self, from: request)
            guard let type = try WireTypes.sampleType(body.type) as? HKQuantityType else {
                throw APIError.badRequest("\(body.type) is not a quantity type")
            }
            let series = try await user.auditor.audited(
                app.bundleIdentifier, "query.quantitySeries", types: [type.identifier], count: \.quantities.count
            ) {
                try await offload { [user] in
                    try await user.engine.quantitySeries(
                        of: type, predicate: body.predicate?.tree,
                        orderBySample: body.orderByQuantitySampleStartDate ?? false, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireQuantitySeriesResponse(series, type: type))
        }

        router.on(WireRoutes.heartbeatSeriesBeats) { [self] request, context in
            let app = try context.caller, user = app.user
            let uuid = try sampleUUID(context)
            let beats = try await user.auditor.audited(
                app.bundleIdentifier, "query.heartbeats", types: [HKDataTypeIdentifierHeartbeatSeries], count: \.count
            ) {
                try await offload { [user] in try await user.engine.heartbeats(ofSeries: uuid, as: .app(app.manifest)) }
            }
            return JSONResponses.response(WireHeartbeatsResponse(beats))
        }

        router.on(WireRoutes.electrocardiogramVoltages) { [self] request, context in
            let app = try context.caller, user = app.user
            let uuid = try sampleUUID(context)
            let voltages = try await user.auditor.audited(
                app.bundleIdentifier, "query.voltages", types: [HKObjectType.electrocardiogramType().identifier],
                count: { $0?.leads.values.map(\.count).max() ?? 0 }
            ) {
                try await offload { [user] in
                    try await user.engine.voltages(ofElectrocardiogram: uuid, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(WireVoltagesResponse(voltages))
        }
    }

    /// The sample UUID of a route's `{id}`.
    private func sampleUUID(_ context: AppContext) throws -> UUID {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw APIError.badRequest("The sample id is a UUID")
        }
        return id
    }
}
