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
        page(router, "/types") { [self] web in
            let search = web.query["q"] ?? ""
            let groups = Self.browseGroups(matching: search)
            return await renderer.html(
                "browse",
                BrowsePage(
                    chrome: chrome(web, title: "Browse", section: .browse), search: search, groups: groups,
                    chips: groups.map { BrowsePage.Chip(title: $0.title, href: "#" + $0.id) }, isEmpty: groups.isEmpty))
        }
    }

    /// The categories and their entries whose name (or category) holds every word of `search`.
    static func browseGroups(matching search: String) -> [BrowsePage.Group] {
        let words = search.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        var links: [String: [BrowsePage.Link]] = [:]
        func add(name: String, href: String, category: HealthCategory) {
            let terms = (name + " " + category.name).lowercased()
            guard words.allSatisfy(terms.contains) else { return }
            links[category.id, default: []].append(BrowsePage.Link(name: name, href: href, terms: terms))
        }
        for type in PageTypeNames.browsableTypes {
            for category in HealthCategories.categories(of: type) {
                add(name: PageTypeNames.displayName(type.identifier), href: path(of: type), category: category)
            }
        }
        for entry in HealthCategories.pageEntries {
            guard let category = HealthCategories.all.first(where: { $0.id == entry.category }) else { continue }
            add(name: entry.name, href: entry.href, category: category)
        }
        return HealthCategories.all.compactMap { category in
            guard let entries = links[category.id] else { return nil }
            return BrowsePage.Group(
                id: category.id, title: category.name,
                links: entries.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending })
        }
    }
}
