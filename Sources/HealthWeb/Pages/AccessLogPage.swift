import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// The access log: every call that read or wrote health data (and the owner's changes), newest first, filterable
/// by app, type and period.
struct AccessLogPage: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Entry: Sendable {
        let id: String
        let time: String
        let app: String
        let operation: String
        let types: String
        let count: String
        let outcome: String
        let failed: Bool
    }

    let chrome: Chrome
    let apps: [Option]
    let types: [Option]
    let periods: [Option]
    let entries: [Entry]
    let olderHref: String?
    let truncated: Bool
}

extension HealthWebApp {
    static let logEntriesPerPage = 200
    /// The most entries one page view reads from the log.
    static let logScanLimit = 10_000

    private static let periods: [(value: String, label: String, seconds: TimeInterval?)] = [
        ("day", "Last 24 hours", 86400), ("week", "Last 7 days", 7 * 86400), ("month", "Last 30 days", 30 * 86400),
        ("all", "Everything", nil),
    ]

    func addAccessLogRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.log) { [self] web in
            let query = web.query
            let app = query["app"], typeName = query["type"]
            let type = typeName.flatMap { HKObjectType.type(named: $0) }
            let period = Self.periods.first { $0.value == query["period"] } ?? Self.periods[1]
            let before = query["before"].flatMap(LogCursor.init)
            let host = web.host
            let since = period.seconds.map { Date().addingTimeInterval(-$0) }
            let typeIdentifier = type?.identifier
            let (matching, truncated) = try await blocking { () -> ([AuditEntry], Bool) in
                let scanned = try host.auditEntries(AuditQuery(app: app, since: since, limit: Self.logScanLimit))
                // Newest first by when each call was made (a permission request is recorded once answered, with
                // the time it was asked), then by id.
                let matching = scanned.sorted { LogCursor($0) > LogCursor($1) }.filter { entry in
                    (typeIdentifier.map { entry.types.contains($0) } ?? true)
                        && (before.map { LogCursor(entry) < $0 } ?? true)
                }
                return (matching, scanned.count >= Self.logScanLimit)
            }
            let shown = Array(matching.prefix(Self.logEntriesPerPage))
            let names = Dictionary(
                uniqueKeysWithValues: web.host.registeredApps().map { ($0.bundleIdentifier, $0.manifest.name) })
            let dates = try await pageDates(web.host)
            var olderHref: String?
            if matching.count > shown.count, let last = shown.last.map({ LogCursor($0).text }) {
                olderHref =
                    WebRoutes.log.path() + "?"
                    + Self.query([
                        "app": app ?? "", "type": type?.shortName ?? "", "period": period.value,
                        "before": last,
                    ])
            }
            let entries = shown.map { entry in
                AccessLogPage.Entry(
                    id: String(entry.id ?? 0), time: dates.preciseDateTime(entry.time),
                    app: entry.app == AuditEntry.owner ? "You (Health)" : names[entry.app] ?? entry.app,
                    operation: Self.operationName(entry.operation, subject: entry.subject.map { names[$0] ?? $0 }),
                    types: Set(entry.types.map(PageTypeNames.displayName)).sorted().joined(separator: ", "),
                    count: entry.sampleCount == 0
                        ? ""
                        : PageNumberText.format(Double(entry.sampleCount))
                            + (entry.sampleCount == 1 ? " sample" : " samples"),
                    outcome: entry.errorCode.map(Self.outcome)
                        ?? (entry.operation == "import.interrupted" ? "Interrupted" : "OK"),
                    failed: entry.errorCode != nil || entry.operation == "import.interrupted")
            }
            let appOptions =
                [
                    AccessLogPage.Option(value: "", label: "All apps", selected: app == nil),
                    AccessLogPage.Option(
                        value: AuditEntry.owner, label: "You (Health)", selected: app == AuditEntry.owner),
                ]
                + web.host.registeredApps().map {
                    AccessLogPage.Option(
                        value: $0.bundleIdentifier, label: $0.manifest.name, selected: $0.bundleIdentifier == app)
                }
            let typeOptions =
                [AccessLogPage.Option(value: "", label: "All types", selected: type == nil)]
                + PageTypeNames.browsableTypes.map {
                    AccessLogPage.Option(
                        value: $0.shortName, label: PageTypeNames.displayName($0.identifier),
                        selected: $0.identifier == type?.identifier)
                }
            return await renderer.html(
                "log",
                AccessLogPage(
                    chrome: chrome(web, title: "Access Log", section: .log), apps: appOptions, types: typeOptions,
                    periods: Self.periods.map {
                        AccessLogPage.Option(value: $0.value, label: $0.label, selected: $0.value == period.value)
                    },
                    entries: entries, olderHref: olderHref, truncated: truncated))
        }
    }

    private static let operationNames: [String: String] = [
        "save": "Saved", "delete": "Deleted", "deleteObjects": "Deleted matching", "query.samples": "Read samples",
        "query.anchored": "Read changes", "query.sources": "Read sources", "query.correlations": "Read correlations",
        "query.statistics": "Read statistics", "query.statisticsCollection": "Read statistics",
        "query.activitySummaries": "Read activity summaries",
        "characteristic": "Read characteristic", "characteristic.set": "Changed your details",
        "changes.stream": "Watched changes",
        "authorization.request": "Asked for access", "authorization.answer": "Answered a request for access",
        "grants.set": "Changed access", "grants.share.on": "Turned on writing",
        "grants.share.off": "Turned off writing",
        "grants.read.on": "Turned on reading", "grants.read.off": "Turned off reading",
        "grants.reset": "Reset access", "grants.revokeAll": "Turned off all access",
        "app.revoke": "Revoked the credential", "ingestKey.revoke": "Revoked an ingest key",
        "webhook.add": "Added a webhook", "webhook.remove": "Removed a webhook",
        "sourcePriority.set": "Reordered sources",
        "preferredUnits.set": "Changed units", "timeZone.set": "Changed the time zone",
        "import": "Imported an export", "import.interrupted": "Import interrupted (healthd stopped)",
        "export": "Exported all health data",
    ]

    /// What an entry says was done, with the app it was done to: `Turned off writing for Walker`.
    static func operationName(_ operation: String, subject: String? = nil) -> String {
        let name = operationNames[operation] ?? PageTypeNames.words(operation)
        guard let subject else { return name }
        switch operation {
        case "authorization.answer": return "Answered \(subject)'s request for access"
        case "app.revoke": return "Revoked \(subject)'s credential"
        // The subject names the key as its pushes are logged: `ingest-key:phone`.
        case "ingestKey.revoke": return "Revoked the ingest key \(subject.trimmingPrefix("ingest-key:"))"
        case "webhook.add": return "Added the webhook \(subject)"
        case "webhook.remove": return "Removed the webhook \(subject)"
        default: return name + " for " + subject
        }
    }

    /// `Failed: Authorization Denied`.
    static func outcome(_ code: Int) -> String {
        guard let code = HKError.Code(rawValue: code) else { return "Failed (\(code))" }
        let name = String(describing: code)
        return "Failed: " + PageTypeNames.words(name.hasPrefix("error") ? String(name.dropFirst("error".count)) : name)
    }
}

/// A place in the access log, newest first: an entry's time, then its id (`1790000000.25_42` in a link).
private struct LogCursor: Comparable {
    let time: Double
    let id: Int64

    init(_ entry: AuditEntry) {
        time = entry.time.timeIntervalSince1970
        id = entry.id ?? 0
    }

    init?(_ text: String) {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let time = Double(parts[0]), time.isFinite, let id = Int64(parts[1]) else {
            return nil
        }
        self.time = time
        self.id = id
    }

    var text: String { "\(time)_\(id)" }

    static func < (lhs: LogCursor, rhs: LogCursor) -> Bool { (lhs.time, lhs.id) < (rhs.time, rhs.id) }
}
