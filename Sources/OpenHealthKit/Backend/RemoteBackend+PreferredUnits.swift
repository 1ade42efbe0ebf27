import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        try transport.call(
            "POST", "/v1/preferred-units", body: WirePreferredUnitsRequest(types: types), as: WirePreferredUnits.self
        ).answer.preferredUnits()
    }
}
