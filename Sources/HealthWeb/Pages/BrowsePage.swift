import Foundation
import Hummingbird
import OpenHealthKitModel

/// Every type, by name, to open one that has no data yet (and add a sample to it).
struct BrowsePage: Sendable {
    struct Group: Sendable {
        let title: String
        let types: [Link]
    }

    struct Link: Sendable {
        let name: String
        let href: String
    }

    let chrome: Chrome
    let groups: [Group]
}

extension HealthWebApp {
    func addBrowseRoutes(to router: Router<BasicRequestContext>) {
        page(router, "/types") { [self] web in
            let types = PageTypeNames.browsableTypes
            func links(_ include: (HKSampleType) -> Bool) -> [BrowsePage.Link] {
                types.filter(include).map {
                    BrowsePage.Link(name: PageTypeNames.displayName($0.identifier), href: Self.path(of: $0))
                }
            }
            let groups = [
                BrowsePage.Group(title: "Measurements", types: links { $0 is HKQuantityType }),
                BrowsePage.Group(title: "Events and states", types: links { $0 is HKCategoryType }),
                BrowsePage.Group(title: "Workouts", types: links { $0 is HKWorkoutType }),
                BrowsePage.Group(title: "Recordings", types: Self.recordingLinks),
            ]
            return await renderer.html(
                "browse", BrowsePage(chrome: chrome(web, title: "Browse", section: .browse), groups: groups))
        }
    }
}
