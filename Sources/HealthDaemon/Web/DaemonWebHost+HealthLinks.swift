import Foundation
import HealthWeb
import OpenHealthKitEngine

/// Health's Sharing page: the user's SMART Health Links, made and ended through healthd's ``HealthLinks``.
extension DaemonWebHost {
    func healthLinks() async throws -> [HealthLinkSummary] {
        var summaries: [HealthLinkSummary] = []
        for record in try await user.engine.healthLinks() {
            summaries.append(Self.summary(record, try await user.engine.healthLinkActivity(record.id)))
        }
        return summaries
    }

    func makeHealthLink(_ request: HealthLinkRequest, authority: String) async throws
        -> (link: HealthLinkSummary, shlink: String)
    {
        let made = try await daemon.healthLinks.make(
            request, user: user, origin: FHIRRoutes.origin(authority: authority, configuration: daemon.configuration),
            workFolder: exportDirectory)
        return (Self.summary(made.record, HealthLinkActivity(wrongPasscodes: 0, openings: [])), made.link)
    }

    func removeHealthLink(id: String) async throws -> Bool {
        try await daemon.healthLinks.remove(id, user: user)
    }

    private static func summary(_ record: HealthLinkRecord, _ activity: HealthLinkActivity) -> HealthLinkSummary {
        HealthLinkSummary(
            id: record.id, label: record.label, created: Date(timeIntervalSince1970: record.created),
            expires: Date(timeIntervalSince1970: record.expires), typeIdentifiers: record.typeIdentifiers,
            since: record.since.map(Date.init(timeIntervalSince1970:)), resourceCount: record.resourceCount,
            remainingAttempts: max(0, HealthLinks.attempts - activity.wrongPasscodes),
            openings: activity.openings.reversed().map { ($0.recipient, Date(timeIntervalSince1970: $0.at)) })
    }
}
