import Foundation
import Hummingbird
import OpenHealthKitModel

/// Browse, as Health's: every type and page by category (Activity, Body Measurements, Heart...), with a search box
/// that keeps the types whose name holds the words typed (`/types?q=heart`; the script filters as one types). A
/// type may be in several categories (Heart Rate is Heart and Vitals).
struct BrowsePage: Sendable {
    struct Group: Sendable {
        let id: String
        let title: String
        let links: [Link]
    }

    struct Link: Sendable {
        let name: String
        let href: String
        /// What the script matches the search against: the name and the category, lowercased.
        let terms: String
        /// Whether the store holds data of this type (or of the records this page shows).
        let hasData: Bool
    }

    struct Chip: Sendable {
        let title: String
        let href: String
    }

    let chrome: Chrome
    let search: String
    let groups: [Group]
    let chips: [Chip]
    let isEmpty: Bool
}

extension HealthWebApp {
    func addBrowseRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.browse) { [self] web in
            let search = web.query["q"] ?? ""
            let store = web.host.store
            let stored = try await blocking {
                // Activity summaries are not samples: Activity Rings holds data when there is a summary.
                try store.storedSampleTypes().union(
                    try store.activitySummaries().isEmpty ? [] : [HKActivitySummaryTypeIdentifier])
            }
            let groups = Self.browseGroups(matching: search, stored: stored)
            return await renderer.html(
                "browse",
                BrowsePage(
                    chrome: chrome(web, title: "Browse", section: .browse), search: search, groups: groups,
                    chips: groups.map { BrowsePage.Chip(title: $0.title, href: "#" + $0.id) }, isEmpty: groups.isEmpty))
        }
    }

    /// The categories and their entries whose name (or category) holds every word of `search`, each marked when
    /// `stored` (the identifiers of the types holding samples) has its type.
    static func browseGroups(matching search: String, stored: Set<String>) -> [BrowsePage.Group] {
        let words = search.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        var links: [String: [BrowsePage.Link]] = [:]
        func add(name: String, href: String, category: HealthCategory, hasData: Bool) {
            let terms = (name + " " + category.name).lowercased()
            guard words.allSatisfy(terms.contains) else { return }
            links[category.id, default: []].append(
                BrowsePage.Link(name: name, href: href, terms: terms, hasData: hasData))
        }
        for type in PageTypeNames.browsableTypes {
            for category in HealthCategories.categories(of: type) {
                add(
                    name: PageTypeNames.displayName(type.identifier), href: path(of: type), category: category,
                    hasData: stored.contains(type.identifier))
            }
        }
        for entry in HealthCategories.pageEntries {
            guard let category = HealthCategories.all.first(where: { $0.id == entry.category }) else { continue }
            add(
                name: entry.name, href: entry.href, category: category,
                hasData: entry.sampleTypes.contains(where: stored.contains))
        }
        return HealthCategories.all.compactMap { category in
            guard let entries = links[category.id] else { return nil }
            return BrowsePage.Group(
                id: category.id, title: category.name,
                links: entries.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending })
        }
    }
}
