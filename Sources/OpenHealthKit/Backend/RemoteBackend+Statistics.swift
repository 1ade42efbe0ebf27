import Foundation
import OpenHealthKitEngine

extension RemoteBackend {
    /// Statistics are computed by the embedded engine only, for now: healthd does not serve them yet
    /// (see docs/HEALTHD.md), so a remote store reports it instead of answering wrongly.
    func statistics(_ request: StatisticsRequest) throws -> StatisticsResult {
        throw HKError(.errorHealthDataUnavailable, "Statistics are not yet served by healthd; use an embedded store")
    }
}
