import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    /// healthd computes the statistics with the same engine: a statistics query or a collection (with intervals,
    /// sent with the calendar's identifier and time zone so that the daemon cuts the same intervals).
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        let path = request.intervals == nil ? "/v1/queries/statistics" : "/v1/queries/statistics-collection"
        return try transport.call("POST", path, body: WireStatisticsQuery(request), as: WireStatisticsResponse.self)
            .answer.result(for: request)
    }
}
