import Foundation
import Hummingbird

/// Sources' Devices That Push Data: the ingest keys a phone app (Health Auto Export) pushes the owner's data with,
/// each by its name, when it was made and its last push, with a Revoke button. `hk ingest-keys add` makes them
/// (docs/INGEST.md); the page never shows a key's secret.
extension HealthWebApp {
    func addIngestKeyActions(to router: Router<BasicRequestContext>) {
        action(router, WebRoutes.ingestKeyRevoke) { [self] web in
            let name = try web.parameter("name")
            let host = web.host
            guard try await blocking({ try host.revokeIngestKey(named: name) }) else {
                throw WebError.notFound("No ingest key has this name.")
            }
            // The subject names the key as the access log names its pushes.
            await host.audit("ingestKey.revoke", types: [], count: 0, errorCode: nil, subject: "ingest-key:" + name)
            return redirect(
                web, to: WebRoutes.sources.path() + "#ingest-keys",
                message: "The key \(name) is revoked: its device can no longer push data here. What it pushed stays.")
        }
    }

    /// A key as Sources lists it, its dates in the owner's time zone.
    static func ingestKey(_ key: IngestKeySummary, dates: PageDateText) -> SourcesPage.IngestKey {
        SourcesPage.IngestKey(
            name: key.name, created: dates.dateTime(key.created), lastPush: key.lastPush.map(dates.dateTime) ?? "Never",
            revokePath: WebRoutes.ingestKeyRevoke.path(key.name),
            timeZoneOffer: timeZoneOffer(key, current: dates.calendar.timeZone))
    }

    /// The zone of the key's last push, when its offset then was not that of Health's days (a phone in another zone
    /// than the one Health counts days in).
    static func timeZoneOffer(_ key: IngestKeySummary, current: TimeZone) -> TimeZoneOffer? {
        guard let name = key.lastPushTimeZone, let zone = TimeZone(identifier: name), let pushed = key.lastPush,
            zone.secondsFromGMT(for: pushed) != current.secondsFromGMT(for: pushed)
        else { return nil }
        return TimeZoneOffer(zone, current: current)
    }
}
