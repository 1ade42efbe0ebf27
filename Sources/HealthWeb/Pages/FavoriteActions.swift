import Foundation
import Hummingbird
import OpenHealthKitModel

/// Add to Favorites / Remove from Favorites on a type's page: the types pinned to the top of the Summary.
extension HealthWebApp {
    func addFavoriteActions(to router: Router<BasicRequestContext>) {
        action(router, WebRoutes.typeFavorite) { [self] web in
            let type = try sampleType(web)
            let store = web.host.store
            let pin = web.form["favorite"] == "add"
            try await blocking {
                var favorites = try store.favoriteTypes().filter { $0 != type.identifier }
                if pin { favorites.append(type.identifier) }
                try store.setFavoriteTypes(favorites)
            }
            let name = PageTypeNames.displayName(type.identifier)
            return redirect(
                web, to: Self.back(web, type),
                message: pin ? "\(name) is in your Favorites on the Summary." : "Removed \(name) from your Favorites.")
        }
    }

    /// How the pages write dates: in the time zone the owner chose on the Me page, else healthd's.
    func pageDates(_ host: any HealthWebHost) async throws -> PageDateText {
        let store = host.store
        return PageDateText(timeZone: try await blocking { try store.ownerTimeZone() } ?? .current)
    }
}
