import Foundation

/// What every signed-in page shows around its content: the title, the skip link and the menu, the banner of waiting
/// permission requests, the message left by the last form, and the CSRF token its forms carry.
struct Chrome: Sendable {
    struct NavItem: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    let title: String
    let csrf: String
    let nav: [NavItem]
    /// Whether the page has the banner at all (not on the requests' own page).
    let showsBanner: Bool
    let pendingCount: Int
    let hasPending: Bool
    let pendingPlural: Bool
    let flash: String?
    let flashIsError: Bool
    let assetVersion: String
    /// Where the page's links and forms go.
    let links = PageLinks.shared
}

extension HealthWebApp {
    /// The page's surroundings; the permission requests' own page shows no banner about them.
    func chrome(_ web: WebRequest, title: String, section: WebSection?, pendingBanner: Bool = true) -> Chrome {
        chrome(session: web.session, host: web.host, title: title, section: section, pendingBanner: pendingBanner)
    }

    /// The surroundings of a page of `session`; without its user's `host` (an error page), no banner.
    func chrome(
        session: WebSession, host: (any HealthWebHost)?, title: String, section: WebSection?,
        pendingBanner: Bool = true
    ) -> Chrome {
        let flash = sessions.takeFlash(session.id)
        let pending = pendingBanner ? host?.pendingPermissionRequests().count ?? 0 : 0
        return Chrome(
            title: title, csrf: session.csrfToken,
            nav: Self.menu.map { Chrome.NavItem(label: $0.label, href: $0.href, current: $0 == section) },
            showsBanner: pendingBanner, pendingCount: pending, hasPending: pending > 0, pendingPlural: pending != 1,
            flash: flash?.text, flashIsError: flash?.isError ?? false,
            assetVersion: StaticAssets.version)
    }
}
