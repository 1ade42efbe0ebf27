import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// `hk audit [--app BUNDLE-ID] [--since DATE]`: healthd's audit log, oldest first.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Print healthd's audit log: every call that read or wrote health data, oldest first.",
        discussion: """
            Each entry names the caller (an app's bundle identifier, or owner for you), the operation, the types, \
            how many samples it returned, saved or deleted, and its outcome. --app keeps one caller's entries \
            (--app owner yours), --since those from that date on. Acts as the owner through a running healthd, as \
            hk apps does.
            """
    )

    /// The most entries healthd gives in one answer.
    private static let pageSize = 10_000

    @Option(
        name: .customLong("app"),
        help: ArgumentHelp("Only this caller's entries: a bundle identifier, or owner.", valueName: "bundle-id"))
    var app: String?
    @Option(name: .customLong("since"), help: ArgumentHelp("Only entries from this date on.", valueName: "date"))
    var since: String?
    @OptionGroup var healthd: HealthdOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let timeZone = try zone.timeZone(store: healthd.store)
        var query = [URLQueryItem(name: "limit", value: String(Self.pageSize))]
        if let app { query.append(URLQueryItem(name: "app", value: app)) }
        if let since {
            let date = try CommandLineInput.date(since, timeZone: timeZone)
            query.append(URLQueryItem(name: "since", value: String(date.timeIntervalSince1970)))
        }
        let client = try healthd.client()
        var entries: [WireAuditEntry] = []
        while true {
            let after = entries.last.map { [URLQueryItem(name: "after", value: String($0.id))] } ?? []
            let page = try await client.call(WireRoutes.auditLog, query: query + after, as: WireAuditLog.self).entries
            entries += page
            if page.count < Self.pageSize { break }
        }
        try output.print(entries.map { AuditRecord($0, timeZone: timeZone) })
    }
}
