import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// enableBackgroundDelivery / disableBackgroundDelivery / disableAllBackgroundDelivery, the acknowledgement an
/// observer query's completion handler sends, and the loopback callback healthd posts wake-ups to.
///
/// Changes to a type with background delivery that the app can see and has not acknowledged are pending: its
/// change stream announces them when it opens, and ``BackgroundWaker`` posts them to the callback while the app
/// has no stream open.
struct BackgroundDeliveryRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.backgroundDeliveries) { [self] request, context in
            let app = try context.caller, user = app.user
            let deliveries = try await offload { [user] in
                var deliveries: [WireBackgroundDelivery] = []
                for delivery in try await user.engine.backgroundDeliveries(app: app.bundleIdentifier) {
                    deliveries.append(
                        WireBackgroundDelivery(
                            type: delivery.typeIdentifier, frequency: delivery.frequency,
                            acknowledgedAnchor: try await user.engine.backgroundDeliveryPosition(
                                for: delivery.typeIdentifier, app: app.bundleIdentifier)))
                }
                return deliveries
            }
            return JSONResponses.response(
                WireBackgroundDeliveries(
                    deliveries: deliveries, callback: user.waker.callback(app: app.bundleIdentifier)?.absoluteString))
        }

        router.on(WireRoutes.enableBackgroundDelivery) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireBackgroundDelivery.self, from: request)
            let type = try WireTypes.objectType(body.type)
            let frequency = try body.updateFrequency
            try await offload { [user] in
                try await user.engine.enableBackgroundDelivery(for: type, frequency: frequency, app: app.manifest)
            }
            return JSONResponses.response(WireBackgroundDelivery(type: type.identifier, frequency: frequency))
        }

        // Without `type`, every type of the app.
        router.on(WireRoutes.disableBackgroundDelivery) { [self] request, context in
            let app = try context.caller, user = app.user
            let type = try QueryParameters(request).string("type").map { try WireTypes.objectType($0) }
            try await offload { [user] in try await user.engine.disableBackgroundDelivery(for: type, app: app.manifest)
            }
            return JSONResponses.response(["status": "disabled"])
        }

        router.on(WireRoutes.acknowledgeBackgroundDelivery) { [self] request, context in
            let app = try context.caller, user = app.user
            let body = try await bodies.decode(WireBackgroundDeliveryAcknowledgement.self, from: request)
            let types = Set(try body.types.map { try WireTypes.objectType($0).identifier })
            try await offload { [user] in
                // Nothing beyond the store's anchor can have been processed.
                let anchor = await min(body.anchor, try user.engine.currentAnchor())
                try await user.engine.acknowledgeBackgroundDelivery(of: types, upTo: anchor, app: app.bundleIdentifier)
            }
            user.waker.resume(app: app.bundleIdentifier)
            return JSONResponses.response(["status": "acknowledged"])
        }

        router.on(WireRoutes.setBackgroundDeliveryCallback) { [self] request, context in
            let app = try context.caller, user = app.user
            try Self.checkBackgroundDeliveryEntitlement(app.manifest)
            let body = try await bodies.decode(WireBackgroundDeliveryCallback.self, from: request)
            let url = try BackgroundWaker.loopbackURL(body.url)
            try await offload { [user] in try user.waker.setCallback(url, app: app.bundleIdentifier) }
            return JSONResponses.response(WireBackgroundDeliveryCallback(url: url.absoluteString))
        }

        router.on(WireRoutes.removeBackgroundDeliveryCallback) { [self] request, context in
            let app = try context.caller, user = app.user
            try app.manifest.checkProvisioning()
            try await offload { [user] in try user.waker.setCallback(nil, app: app.bundleIdentifier) }
            return JSONResponses.response(["status": "removed"])
        }
    }

    private static func checkBackgroundDeliveryEntitlement(_ manifest: AppManifest) throws {
        try manifest.checkProvisioning()
        guard manifest.hasBackgroundDeliveryEntitlement else {
            throw HKError(
                .errorAuthorizationDenied, "Missing com.apple.developer.healthkit.background-delivery entitlement.")
        }
    }
}
