import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// Statistics for apps (HKStatisticsQuery, HKStatisticsCollectionQuery).
struct StatisticsRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.queryStatistics) { [self] request, context in
            try await statistics(request, context, collection: false)
        }
        router.on(WireRoutes.queryStatisticsCollection) { [self] request, context in
            try await statistics(request, context, collection: true)
        }
    }

    /// A statistics query: without intervals one statistics over every matching sample, with them one per interval.
    /// Audited with the number of intervals holding data.
    private func statistics(_ request: Request, _ context: AppContext, collection: Bool) async throws -> Response {
        let app = try context.caller, user = app.user
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
            try await offload { [user] in try await user.engine.statistics(statisticsRequest, as: .app(app.manifest)) }
        }
        return JSONResponses.response(WireStatisticsResponse(result, type: statisticsRequest.type))
    }
}

/// The owner's source priorities: the order in which overlapping sources count when statistics merge them.
struct SourcePriorityRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<OwnerContext>) {
        router.on(WireRoutes.sourcePriority) { [self] request, context in
            let user = try context.caller
            let type = try quantityType(try QueryParameters(request).string("type"))
            let sources = try await offload { [user] in try await user.engine.sourcePriority(for: type) }
            return JSONResponses.response(WireSourcePriority(type: type.identifier, sources: sources))
        }

        router.on(WireRoutes.setSourcePriority) { [self] request, context in
            let user = try context.caller
            let body = try await bodies.decode(WireSourcePriority.self, from: request)
            let type = try quantityType(body.type)
            let sources = try await user.auditor.audited(
                AuditEntry.owner, "sources.priority.set", types: [type.identifier]
            ) {
                try await offload { [user] in
                    try await user.engine.setSourcePriority(body.sources, for: type)
                    return try await user.engine.sourcePriority(for: type)
                }
            }
            return JSONResponses.response(WireSourcePriority(type: type.identifier, sources: sources))
        }
    }

    private func quantityType(_ name: String?) throws -> HKQuantityType {
        guard let name else { throw APIError.badRequest("Give the type: ?type=<identifier>") }
        guard let type = try WireTypes.sampleType(name) as? HKQuantityType else {
            throw APIError.badRequest("\(name) is not a quantity type")
        }
        return type
    }
}
