import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

/// `HKHealthStore.preferredUnits(for:)`: the owner's unit of each type (their choice on the Me page, else their
/// locale's default, healthd's locale being the owner's session), for an app that asked for access to each.
struct PreferredUnitRoutes {
    let bodies: BodyReader

    func add(to router: RouterGroup<AppContext>) {
        router.on(WireRoutes.preferredUnits) { [self] request, context in
            let app = try context.caller, user = app.user
            let types = try await bodies.decode(WirePreferredUnitsRequest.self, from: request).quantityTypes()
            let units = try await offload { [user] in
                try await user.engine.preferredUnits(for: types, as: .app(app.manifest))
            }
            return JSONResponses.response(WirePreferredUnits(units))
        }
    }
}
