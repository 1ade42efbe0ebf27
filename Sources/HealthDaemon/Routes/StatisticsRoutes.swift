import Foundation
import Hummingbird
import OpenHealthKitModel

extension HealthDaemon {
    // MERGE(stats): the statistics engine is being written on the `stats` branch. Once merged, these routes run
    // `HealthEngine.statistics` for HKStatisticsQuery and HKStatisticsCollectionQuery (bodies: type, predicate,
    // options, anchor date and interval components) and the owner's source priority routes read and set
    // `sourcePriority(for:)`; until then they answer 501 with a JSON error.
    func addStatisticsRoutes(to router: Router<BasicRequestContext>) {
        for path in ["/v1/queries/statistics", "/v1/queries/statistics-collection"] {
            router.post(RouterPath(path)) { [self] request, _ -> Response in
                _ = try authenticator.requireApp(request)
                throw Self.notYet("Statistics queries")
            }
        }
        router.get("/v1/owner/sources/priority") { [self] request, _ -> Response in
            try authenticator.requireOwner(request)
            throw Self.notYet("Source priorities")
        }
        router.put("/v1/owner/sources/priority") { [self] request, _ -> Response in
            try authenticator.requireOwner(request)
            throw Self.notYet("Source priorities")
        }
    }

    private static func notYet(_ feature: String) -> APIError {
        APIError(.notImplemented, HKError(.unknownError, "\(feature) are not served by this healthd yet"))
    }
}
