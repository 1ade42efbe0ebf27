import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

extension RemoteBackend {
    func preferredUnits(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        try transport.call(
            WireRoutes.preferredUnits, body: WirePreferredUnitsRequest(types: types), as: WirePreferredUnits.self
        ).answer.preferredUnits()
    }

    /// healthd's change stream, with `units` events for every quantity type; waits until healthd answered it. A
    /// change made while the stream reconnects cannot be replayed (units have no anchors), so each reconnection is
    /// heard as a change.
    func followPreferredUnits(handler: @escaping @Sendable () -> Void) -> StoreSubscription {
        let quantityTypes = Set(HealthKitCatalog.quantityTypes.map(\.identifier.rawValue))
        let stream = RemoteChangeStream(
            transport: transport, typeIdentifiers: quantityTypes, kinds: [.preferredUnits],
            announcesFirstConnection: false
        ) { _ in handler() }
        stream.start(from: nil)
        _ = try? stream.established.value()
        return StoreSubscription(start: Eventual(.success(0)), token: ChangeSubscription { stream.cancel() })
    }
}
