import Foundation
import HTTPTypes
import Hummingbird
import OpenHealthKitModel

/// Sharing: SMART Health Links for a clinician (docs/FHIR.md, "SMART Health Links"). The form makes one of the
/// categories chosen (the stored types of each), over a period, with a passcode and an expiry; the answer shows the
/// `shlink:/` link that once (it alone holds the key). Each link is listed with what it shares, until when, who opened
/// it, and a Remove button that ends it at once. Both forms are audited (`shl.add`, `shl.remove`, the link's id as
/// subject).
struct SharingPage: Sendable {
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
            let stored = try await Self.storedTypesByCategory(host)
            // Only the periods offered: a day count is never taken from the form as it is.
            guard let period = SharingPage.periodDays.first(where: { "\($0.0)" == web.form["period"] })?.0 else {
                return try await sharingPage(web, form: (web.form, "Choose a period."), status: .badRequest)
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
                return try await sharingPage(
                    web, form: (web.form, MessageText.forPeople(error.message)), status: .badRequest)
            }
            await host.audit(
                "shl.add", types: made.link.typeIdentifiers, count: made.link.resourceCount, errorCode: nil,
                subject: made.link.id)
            return try await sharingPage(web, made: SharingPage.Made(label: made.link.label, shlink: made.shlink))
        }

        action(router, WebRoutes.healthLinkRemove) { [self] web in
            let id = try web.parameter("id")
            guard try await web.host.removeHealthLink(id: id) else { throw WebError.notFound("No link has this id.") }
            await web.host.audit("shl.remove", types: [], count: 0, errorCode: nil, subject: id)
            return redirect(web, to: WebRoutes.sharing.path(), message: "The link is removed: it opens nothing now.")
        }
    }

    /// The categories holding data, each with its stored types, in Health's order.
    private static func storedTypesByCategory(_ host: any HealthWebHost) async throws
        -> [(category: HealthCategory, types: [String])]
    {
        let store = host.store
        let stored = try await blocking { try store.storedSampleTypes() }.sorted()
        return HealthCategories.all.compactMap { category in
            let types = stored.filter { identifier in
                HKObjectType.type(forRawIdentifier: identifier).map { HealthCategories.categories(of: $0) }?
                    .contains(category) ?? false
            }
            return types.isEmpty ? nil : (category, types)
        }
    }

    private func sharingPage(
        _ web: WebRequest, form: (fields: FormData, error: String)? = nil, made: SharingPage.Made? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let dates = try await pageDates(web.host)
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
        let categories = try await Self.storedTypesByCategory(web.host).map { entry in
            SharingPage.Category(
                id: entry.category.id, name: entry.category.name, checked: chosen.contains(entry.category.id))
        }
        let period = form?.fields["period"] ?? "90"
        let days = form?.fields["days"] ?? "7"
        return await renderer.html(
            "sharing",
            SharingPage(
                chrome: chrome(web, title: "Sharing", section: .sharing), links: links, made: made,
                categories: categories, hasCategories: !categories.isEmpty,
                periods: SharingPage.periodDays.map {
                    .init(value: "\($0.0)", label: $0.1, selected: "\($0.0)" == period)
                },
                durations: SharingPage.durationDays.map {
                    .init(value: "\($0.0)", label: $0.1, selected: "\($0.0)" == days)
                },
                formLabel: form?.fields["label"] ?? "", formError: form?.error),
            status: status)
    }
}
