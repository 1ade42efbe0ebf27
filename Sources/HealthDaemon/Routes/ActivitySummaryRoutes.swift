import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// `POST /v1/queries/activity-summaries` (HKActivitySummaryQuery): the summaries whose day matches the
/// predicate, by day. An app without read access to the activity summary type receives none, with no error.
/// Audited as `query.activitySummaries` with the number of summaries.
struct ActivitySummaryRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.queryActivitySummaries) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireActivitySummaryQuery.self, from: request)
            let summaries = try await user.auditor.audited(
                app.bundleIdentifier, "query.activitySummaries", types: [HKActivitySummaryTypeIdentifier],
                count: \.count
            ) {
                try await offload { [user] in
                    try await user.engine.activitySummaries(predicate: body.predicate?.tree, as: .app(app.manifest))
                }
            }
            return JSONResponses.response(
                WireActivitySummariesResponse(summaries: try summaries.map(WireActivitySummary.init)))
        }
    }
}
