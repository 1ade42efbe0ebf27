import Foundation
import OpenHealthKitEngine
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RemoteBackend {
    func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) throws {
        _ = try transport.call(
            WireRoutes.enableBackgroundDelivery,
            body: WireBackgroundDelivery(type: type.identifier, frequency: frequency),
            as: WireBackgroundDelivery.self)
    }

    func disableBackgroundDelivery(for type: HKObjectType?) throws {
        let query = type.map { [URLQueryItem(name: "type", value: $0.identifier)] } ?? []
        _ = try transport.call(WireRoutes.disableBackgroundDelivery, query: query, as: IgnoredAnswer.self)
    }

    func backgroundDeliveryPosition(for type: HKSampleType) throws -> Int64? {
        let deliveries = try transport.call(WireRoutes.backgroundDeliveries, as: WireBackgroundDeliveries.self).answer
            .deliveries
        return deliveries.first { $0.type == type.identifier }.map { $0.acknowledgedAnchor ?? 0 }
    }

    /// Sent in the background: the app's completion handler must not wait for healthd. A lost acknowledgement only
    /// means the changes are delivered again.
    func acknowledgeBackgroundDelivery(of types: Set<HKSampleType>, upTo anchor: Int64) {
        let body = WireBackgroundDeliveryAcknowledgement(types: types.map(\.identifier).sorted(), anchor: anchor)
        DispatchQueue(label: "OpenHealthKit.acknowledge").async { [transport] in
            _ = try? transport.call(WireRoutes.acknowledgeBackgroundDelivery, body: body, as: IgnoredAnswer.self)
        }
    }
}
