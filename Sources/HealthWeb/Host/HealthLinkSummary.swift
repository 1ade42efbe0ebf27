package import Foundation

/// What the owner asks for on the Sharing page's form: a SMART Health Link of some types since a date.
package struct HealthLinkRequest: Sendable {
    /// 1 to 80 characters: what the clinician's app shows.
    package var label: String
    /// 4 to 64 characters, told to the clinician apart from the link.
    package var passcode: String
    /// How long the link answers, 1 to 365 days.
    package var days: Int
    /// The sample types to share, by identifier.
    package var typeIdentifiers: [String]
    /// The start of the period shared; nil: all time.
    package var since: Date?

    package init(label: String, passcode: String, days: Int, typeIdentifiers: [String], since: Date?) {
        self.label = label
        self.passcode = passcode
        self.days = days
        self.typeIdentifiers = typeIdentifiers
        self.since = since
    }
}

/// A SMART Health Link as the Sharing page lists it.
package struct HealthLinkSummary: Sendable {
    package var id: String
    package var label: String
    package var created: Date
    package var expires: Date
    package var typeIdentifiers: [String]
    package var since: Date?
    package var resourceCount: Int
    /// Wrong passcodes still allowed; 0: disabled.
    package var remainingAttempts: Int
    /// Who opened it and when, newest first.
    package var openings: [(recipient: String, at: Date)]

    package init(
        id: String, label: String, created: Date, expires: Date, typeIdentifiers: [String], since: Date?,
        resourceCount: Int, remainingAttempts: Int, openings: [(recipient: String, at: Date)]
    ) {
        self.id = id
        self.label = label
        self.created = created
        self.expires = expires
        self.typeIdentifiers = typeIdentifiers
        self.since = since
        self.resourceCount = resourceCount
        self.remainingAttempts = remainingAttempts
        self.openings = openings
    }
}
