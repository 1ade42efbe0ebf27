import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        try transport.call(
            WireRoutes.preferredUnits, body: WirePreferredUnitsRequest(types: types), as: WirePreferredUnits.self
        ).answer.preferredUnits()
    }
}
