import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    /// healthd computes the statistics with the same engine: a statistics query or a collection (with intervals,
    /// sent with the calendar's identifier and time zone so that the daemon cuts the same intervals).
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        let route = request.intervals == nil ? WireRoutes.queryStatistics : WireRoutes.queryStatisticsCollection
        return try transport.call(route, body: WireStatisticsQuery(request), as: WireStatisticsResponse.self)
            .answer.result(for: request)
    }
}
