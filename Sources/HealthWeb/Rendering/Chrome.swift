import Foundation

/// What every signed-in page shows around its content: the title, the navigation, the banner of waiting
/// permission requests, the message left by the last form, and the CSRF token its forms carry.
struct Chrome: Sendable {
    struct NavItem: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    enum Section: String, CaseIterable {
        case summary = "Summary", browse = "Browse", sources = "Sources", me = "Me", log = "Access Log", importing =
            "Import"
        case records = "Records"

        var href: String {
            switch self {
            case .summary: "/"
            case .browse: "/types"
            case .sources: "/sources"
            case .me: "/me"
            case .log: "/log"
            case .importing: "/import"
            case .records: "/records"
            }
        }
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
}

extension HealthWebApp {
    /// The page's surroundings; the permission requests' own page shows no banner about them.
    func chrome(_ web: WebRequest, title: String, section: Chrome.Section?, pendingBanner: Bool = true) -> Chrome {
        let flash = sessions.takeFlash(web.session.id)
        let pending = pendingBanner ? host.pendingPermissionRequests().count : 0
        return Chrome(
            title: title, csrf: web.session.csrfToken,
            nav: Chrome.Section.allCases.map {
                Chrome.NavItem(label: $0.rawValue, href: $0.href, current: $0 == section)
            },
            showsBanner: pendingBanner, pendingCount: pending, hasPending: pending > 0, pendingPlural: pending != 1,
            flash: flash?.text, flashIsError: flash?.isError ?? false,
            assetVersion: StaticAssets.version)
    }
}
