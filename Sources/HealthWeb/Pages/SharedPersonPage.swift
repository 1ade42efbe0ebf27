import Foundation
import Hummingbird
import OpenHealthKitModel

/// What another person of the server shares with the signed-in user (docs/WEB.md, "Sharing"), under the sharer's
/// name and read only: their shared categories, each with the types holding data, and each type's page without its
/// actions. The share is read again on every page, so that a share ended (by the sharer, on any healthd) ends the
/// view at once; a person who shares nothing with the user, or no one of that name, is the same 404. Every type page
/// read is entered in the sharer's access log under the reader's name (`shared:<name>`).
struct SharedPersonPage: Sendable {
    /// A shared category and its types holding data.
    struct Group: Sendable {
        let name: String
        let types: [NamedLink]
    }

    let chrome: Chrome
    let person: String
    let since: String
    let groups: [Group]
    let leavePath: String
}

extension HealthWebApp {
    func addSharedPersonRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.sharedPerson) { [self] web in
            let shared = try await sharedData(web)
            let store = SharedWebStore(shared.store, categories: shared.share.categories)
            let stored = try await Self.storedTypesByCategory(store)
            let dates = try await pageDates(web.host)
            let person = shared.share.person
            let groups = HealthCategories.all.filter { shared.share.categories.contains($0.id) }.map { category in
                let types = stored.first { $0.category == category }?.types ?? []
                return SharedPersonPage.Group(
                    name: category.name,
                    types: types.compactMap { identifier -> NamedLink? in
                        // Types with a page of their own (electrocardiograms, records...) are not shared pages yet.
                        guard
                            let type = PageTypeNames.sampleType(
                                named: HKObjectType.shortName(forRawIdentifier: identifier))
                        else { return nil }
                        return NamedLink(
                            name: PageTypeNames.displayName(identifier),
                            href: WebRoutes.sharedType.path(person, type.shortName))
                    }.sorted { $0.name < $1.name })
            }
            return await renderer.html(
                "shared-person",
                SharedPersonPage(
                    chrome: chrome(web, title: "Shared by \(person)", section: .sharing), person: person,
                    since: dates.day(shared.share.since), groups: groups,
                    leavePath: WebRoutes.sharedLeave.path(person)))
        }

        page(router, WebRoutes.sharedType) { [self] web in
            let shared = try await sharedData(web)
            guard let type = PageTypeNames.sampleType(named: try web.parameter("type")),
                SharedWebStore(shared.store, categories: shared.share.categories).reaches(type)
            else { throw WebError.notFound("\(shared.share.person) does not share this with you.") }
            return try await typePage(web, type: type, form: nil, status: .ok, shared: shared)
        }

        action(router, WebRoutes.sharedLeave) { [self] web in
            let person = try web.parameter("name")
            guard try await web.host.leaveShare(ofPersonNamed: person) else { throw Self.nothingShared }
            await web.host.audit("share.leave", types: [], count: 0, errorCode: nil, subject: person)
            return redirect(web, to: WebRoutes.sharing.path(), message: "You no longer see what \(person) shares.")
        }
    }

    /// What the person the path names shares with the user now; 404 when nothing.
    private func sharedData(_ web: WebRequest) async throws -> SharedPersonData {
        guard let shared = try await web.host.sharedData(ofPersonNamed: try web.parameter("name")) else {
            throw Self.nothingShared
        }
        return shared
    }

    private static var nothingShared: WebError { .notFound("No one of this name shares anything with you.") }
}
