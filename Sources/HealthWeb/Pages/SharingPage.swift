import Foundation
import HTTPTypes
import Hummingbird
import OpenHealthKitModel

/// Sharing, as Health's: with people of the server and with a clinician.
///
/// - **People** (a server of several people; docs/FHIR.md, "Sharing between people"): the user shares categories
///   with someone by name, read only, and ends it at once with Stop Sharing; what others share with the user is
///   listed with a link to it (``SharedPersonPage``). Audited as `share.add` and `share.stop`, the person as subject.
/// - **A clinician**: SMART Health Links (docs/FHIR.md, "SMART Health Links"). The form makes one of the categories
///   chosen (the stored types of each), over a period, with a passcode and an expiry; the answer shows the `shlink:/`
///   link that once (it alone holds the key). Each link is listed with what it shares, until when, who opened it, and
///   a Remove button that ends it at once. Audited as `shl.add` and `shl.remove`, the link's id as subject.
struct SharingPage: Sendable {
    /// A share with another person, given or received.
    struct PersonShare: Sendable {
        let person: String
        let shares: String
        let since: String
        /// Given: where Stop Sharing posts. Received: the shared data's page.
        let path: String
    }

    /// Sharing between people: nil on a store of one person.
    struct People: Sendable {
        let given: [PersonShare]
        let received: [PersonShare]
        let categories: [Category]
        /// The form's name as last sent, and why it was refused.
        let formName: String
        let formError: String?
    }

    struct Link: Sendable {
        let label: String
        let shares: String
        let state: String
        let isActive: Bool
        let openings: [String]
        let removePath: String
    }

    struct Category: Sendable {
        let id: String
        let name: String
        let checked: Bool
    }

    struct Choice: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// The link the form just made.
    struct Made: Sendable {
        let label: String
        let shlink: String
    }

    let chrome: Chrome
    let people: People?
    let links: [Link]
    let made: Made?
    let categories: [Category]
    let hasCategories: Bool
    let periods: [Choice]
    let durations: [Choice]
    /// The form's label as last sent, and why it was refused.
    let formLabel: String
    let formError: String?

    /// The periods offered, in days back from today (0: all time).
    static let periodDays = [
        (30, "The last 30 days"), (90, "The last 90 days"), (365, "The last year"), (0, "All time"),
    ]
    /// How long a link may last, in days.
    static let durationDays = [(1, "1 day"), (7, "7 days"), (30, "30 days"), (90, "90 days"), (365, "1 year")]
}

extension HealthWebApp {
    func addSharingRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.sharing) { [self] web in
            try await sharingPage(web)
        }

        action(router, WebRoutes.sharing) { [self] web in
            let host = web.host
            let dates = try await pageDates(host)
            let chosen = Set(web.form.all("category"))
            let stored = try await Self.storedTypesByCategory(host.store)
            // Only the periods offered: a day count is never taken from the form as it is.
            guard let period = SharingPage.periodDays.first(where: { "\($0.0)" == web.form["period"] })?.0 else {
                return try await sharingPage(web, form: (web.form, "Choose a period."))
            }
            let request = HealthLinkRequest(
                label: web.form["label"] ?? "", passcode: web.form["passcode"] ?? "",
                days: Int(web.form["days"] ?? "") ?? 0,
                typeIdentifiers: stored.filter { chosen.contains($0.category.id) }.flatMap(\.types),
                since: period > 0
                    ? dates.calendar.date(byAdding: .day, value: -period, to: dates.calendar.startOfDay(for: Date()))
                    : nil)
            let made: (link: HealthLinkSummary, shlink: String)
            do {
                made = try await host.makeHealthLink(request, authority: web.request.head.authority ?? "")
            } catch let error as HKError where error.code == .errorInvalidArgument {
                return try await sharingPage(web, form: (web.form, MessageText.forPeople(error.message)))
            }
            await host.audit(
                "shl.add", types: made.link.typeIdentifiers, count: made.link.resourceCount, errorCode: nil,
                subject: made.link.id)
            return try await sharingPage(web, made: SharingPage.Made(label: made.link.label, shlink: made.shlink))
        }

        action(router, WebRoutes.personShares) { [self] web in
            let name = (web.form["name"] ?? "").trimmingCharacters(in: .whitespaces)
            let chosen = web.form.all("category")
            guard chosen.allSatisfy({ id in HealthCategories.all.contains { $0.id == id } }) else {
                return try await sharingPage(web, personForm: (web.form, "Choose among the categories offered."))
            }
            let share: PersonShareSummary
            do {
                share = try await web.host.share(withPersonNamed: name, categories: chosen)
            } catch let error as HKError where error.code == .errorInvalidArgument {
                // A store of one person has no form to show the refusal on.
                guard web.host.sharesWithPeople else { throw WebError.badRequest(MessageText.forPeople(error.message)) }
                return try await sharingPage(web, personForm: (web.form, MessageText.forPeople(error.message)))
            }
            await web.host.audit("share.add", types: share.categories, count: 0, errorCode: nil, subject: name)
            return redirect(
                web, to: WebRoutes.sharing.path(), message: "\(name) now sees \(Self.categoryNames(share.categories)).")
        }

        action(router, WebRoutes.personShareStop) { [self] web in
            let name = try web.parameter("name")
            guard try await web.host.stopSharing(withPersonNamed: name) else {
                throw WebError.notFound("You share nothing with anyone of this name.")
            }
            await web.host.audit("share.stop", types: [], count: 0, errorCode: nil, subject: name)
            return redirect(web, to: WebRoutes.sharing.path(), message: "\(name) no longer sees your data.")
        }

        action(router, WebRoutes.healthLinkRemove) { [self] web in
            let id = try web.parameter("id")
            guard try await web.host.removeHealthLink(id: id) else { throw WebError.notFound("No link has this id.") }
            await web.host.audit("shl.remove", types: [], count: 0, errorCode: nil, subject: id)
            return redirect(web, to: WebRoutes.sharing.path(), message: "The link is removed: it opens nothing now.")
        }
    }

    /// The categories holding data in `store`, each with its stored types (sorted identifiers), in Health's order.
    static func storedTypesByCategory(_ store: any HealthWebStore) async throws
        -> [(category: HealthCategory, types: [String])]
    {
        let stored = try await blocking { try store.storedSampleTypes() }.sorted()
        return HealthCategories.all.compactMap { category in
            let types = stored.filter { identifier in
                HKObjectType.type(forRawIdentifier: identifier).map { HealthCategories.categories(of: $0) }?
                    .contains(category) ?? false
            }
            return types.isEmpty ? nil : (category, types)
        }
    }

    /// Health's names of the category ids, in Health's order, joined.
    private static func categoryNames(_ ids: [String]) -> String {
        HealthCategories.all.filter { ids.contains($0.id) }.map(\.name).joined(separator: ", ")
    }

    /// The page; `form` is the link form as sent and why it was refused, `personForm` the same of the person form
    /// (either answers 400).
    private func sharingPage(
        _ web: WebRequest, form: (fields: FormData, error: String)? = nil,
        personForm: (fields: FormData, error: String)? = nil, made: SharingPage.Made? = nil
    ) async throws -> Response {
        let dates = try await pageDates(web.host)
        var people: SharingPage.People?
        if web.host.sharesWithPeople {
            let shares = try await web.host.personShares()
            func row(_ share: PersonShareSummary, path: String) -> SharingPage.PersonShare {
                SharingPage.PersonShare(
                    person: share.person, shares: Self.categoryNames(share.categories), since: dates.day(share.since),
                    path: path)
            }
            let chosen = Set(personForm?.fields.all("category") ?? [])
            people = SharingPage.People(
                given: shares.given.map { row($0, path: WebRoutes.personShareStop.path($0.person)) },
                received: shares.received.map { row($0, path: WebRoutes.sharedPerson.path($0.person)) },
                categories: HealthCategories.all.map {
                    SharingPage.Category(id: $0.id, name: $0.name, checked: chosen.contains($0.id))
                },
                formName: personForm?.fields["name"] ?? "", formError: personForm?.error)
        }
        let now = Date()
        let links = try await web.host.healthLinks().map { link in
            let state =
                if link.remainingAttempts <= 0 {
                    "Disabled: too many wrong passcodes"
                } else if link.expires <= now {
                    "Expired \(dates.dateTime(link.expires))"
                } else {
                    "Open until \(dates.dateTime(link.expires)) · \(link.remainingAttempts) wrong passcodes left"
                }
            let names = link.typeIdentifiers.map(PageTypeNames.displayName).sorted()
            let period = link.since.map { "since \(dates.day($0))" } ?? "all time"
            return SharingPage.Link(
                label: link.label,
                shares:
                    "\(names.joined(separator: ", ")) · \(period) · \(WholeNumber.text(Double(link.resourceCount))) records",
                state: state, isActive: link.remainingAttempts > 0 && link.expires > now,
                openings: link.openings.map { "Opened by \($0.recipient), \(dates.dateTime($0.at))" },
                removePath: WebRoutes.healthLinkRemove.path(link.id))
        }
        let chosen = Set(form?.fields.all("category") ?? [])
        let categories = try await Self.storedTypesByCategory(web.host.store).map { entry in
            SharingPage.Category(
                id: entry.category.id, name: entry.category.name, checked: chosen.contains(entry.category.id))
        }
        let period = form?.fields["period"] ?? "90"
        let days = form?.fields["days"] ?? "7"
        return await renderer.html(
            "sharing",
            SharingPage(
                chrome: chrome(web, title: "Sharing", section: .sharing), people: people, links: links, made: made,
                categories: categories, hasCategories: !categories.isEmpty,
                periods: SharingPage.periodDays.map {
                    .init(value: "\($0.0)", label: $0.1, selected: "\($0.0)" == period)
                },
                durations: SharingPage.durationDays.map {
                    .init(value: "\($0.0)", label: $0.1, selected: "\($0.0)" == days)
                },
                formLabel: form?.fields["label"] ?? "", formError: form?.error),
            status: form != nil || personForm != nil ? .badRequest : .ok)
    }
}
