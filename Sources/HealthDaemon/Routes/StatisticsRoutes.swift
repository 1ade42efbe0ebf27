import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

extension HealthDaemon {
    /// Statistics for apps (HKStatisticsQuery, HKStatisticsCollectionQuery) and the owner's source priorities, the
    /// order in which overlapping sources count when statistics merge them.
    func addStatisticsRoutes(to router: Router<BasicRequestContext>) {
        router.on(WireRoutes.queryStatistics) { [self] request, _ in
            try await statistics(request, collection: false)
        }
        router.on(WireRoutes.queryStatisticsCollection) { [self] request, _ in
            try await statistics(request, collection: true)
        }

        router.on(WireRoutes.sourcePriority) { [self] request, _ in
            let user = try await authenticator.requireOwner(request)
            let type = try quantityType(try QueryParameters(request).string("type"))
            let sources = try await offload { [user] in try user.engine.sourcePriority(for: type) }
            return JSONResponses.response(WireSourcePriority(type: type.identifier, sources: sources))
        }

        router.on(WireRoutes.setSourcePriority) { [self] request, _ in
            let user = try await authenticator.requireOwner(request)
            let body = try await bodies.decode(WireSourcePriority.self, from: request)
            let type = try quantityType(body.type)
            let sources = try await user.auditor.audited(
                AuditEntry.owner, "sources.priority.set", types: [type.identifier]
            ) {
                try await offload { [user] in
                    try user.engine.setSourcePriority(body.sources, for: type)
                    return try user.engine.sourcePriority(for: type)
                }
            }
            return JSONResponses.response(WireSourcePriority(type: type.identifier, sources: sources))
        }
    }

    /// A statistics query: without intervals one statistics over every matching sample, with them one per interval.
    /// Audited with the number of intervals holding data.
    private func statistics(_ request: Request, collection: Bool) async throws -> Response {
        let app = try await authenticator.requireApp(request), user = app.user
        let body = try await bodies.decode(WireStatisticsQuery.self, from: request)
        let statisticsRequest = try body.request()
        guard collection == (statisticsRequest.intervals != nil) else {
            throw APIError.badRequest(
                collection
                    ? "A statistics collection needs intervals"
                    : "A statistics query takes no intervals: use /v1/queries/statistics-collection")
        }
        let operation = collection ? "query.statisticsCollection" : "query.statistics"
        let result = try await user.auditor.audited(
            app.bundleIdentifier, operation, types: [statisticsRequest.type.identifier], count: \.buckets.count
        ) {
            try await offload { [user] in try user.engine.statistics(statisticsRequest, as: .app(app.manifest)) }
        }
        return JSONResponses.response(WireStatisticsResponse(result, type: statisticsRequest.type))
    }

    private func quantityType(_ name: String?) throws -> HKQuantityType {
        guard let name else { throw APIError.badRequest("Give the type: ?type=<identifier>") }
        guard let type = try WireTypes.sampleType(name) as? HKQuantityType else {
            throw APIError.badRequest("\(name) is not a quantity type")
        }
        return type
    }
}
