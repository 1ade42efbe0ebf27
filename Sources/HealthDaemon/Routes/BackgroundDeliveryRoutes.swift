import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

extension HealthDaemon {
    /// enableBackgroundDelivery / disableBackgroundDelivery / disableAllBackgroundDelivery: the app's requests are
    /// remembered per type with their frequency. (Waking apps that are not running is a later step: a running app
    /// hears changes through its change stream.)
    func addBackgroundDeliveryRoutes(to router: Router<BasicRequestContext>) {
        router.get("/v1/background-delivery") { [self] request, _ in
            let app = try authenticator.requireApp(request)
            let deliveries = try await offload { [storage] in try storage.backgroundDeliveries(app: app.bundleIdentifier) }
            return JSONResponses.response(WireBackgroundDeliveries(deliveries: deliveries.map(WireBackgroundDelivery.init)))
        }

        router.post("/v1/background-delivery") { [self] request, _ in
            let app = try authenticator.requireApp(request)
            let body = try await bodies.decode(WireBackgroundDelivery.self, from: request)
            let type = try WireTypes.objectType(body.type)
            let frequency = try body.updateFrequency
            try app.manifest.checkBackgroundDelivery(for: type)
            try await offload { [storage] in
                try storage.setBackgroundDelivery(app: app.bundleIdentifier, type: type.identifier, frequency: frequency)
            }
            return JSONResponses.response(WireBackgroundDelivery(type: type.identifier, frequency: frequency))
        }

        // Without `type`, every type of the app.
        router.delete("/v1/background-delivery") { [self] request, _ in
            let app = try authenticator.requireApp(request)
            try app.manifest.checkProvisioning()
            let type = try request.uri.queryParameters.get("type").map { try WireTypes.objectType(String($0)).identifier }
            try await offload { [storage] in try storage.setBackgroundDelivery(app: app.bundleIdentifier, type: type, frequency: nil) }
            return JSONResponses.response(["status": "disabled"])
        }
    }
}
