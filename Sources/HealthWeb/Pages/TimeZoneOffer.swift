import Foundation

/// A time zone the data was made in, offered (a form to Me's time zone) when Health's days follow another: an
/// import's, a phone's pushes'.
struct TimeZoneOffer: Sendable {
    /// `Europe/Paris`.
    let zone: String
    /// `Europe/Paris (UTC+01:00)`.
    let label: String
    /// The zone the days follow now.
    let current: String

    /// `zone` offered while the days follow `current`.
    init(_ zone: TimeZone, current: TimeZone) {
        self.zone = zone.identifier
        label = HealthWebApp.timeZoneLabel(zone)
        self.current = HealthWebApp.timeZoneLabel(current)
    }
}
