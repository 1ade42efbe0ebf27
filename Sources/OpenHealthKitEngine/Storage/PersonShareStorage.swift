package import Foundation

/// Sharing between people of one database (PostgreSQL; docs/FHIR.md, "Sharing between people"): one person (the
/// owner of the data) lets another (the recipient) read the categories of Health they chose, read only. A share is a
/// row of the owner's; row-level security lets the owner read, change and end it, and the recipient read and leave
/// it, nobody else anything (migration `v19: sharing between people`).
///
/// Every method acts for the storage's one user: "given" methods as the owner, "received" ones as the recipient.
/// Categories are Health's category ids (`heart`, `sleep`...), kept as chosen: the reader maps them to types.
package protocol PersonShareStorage: Sendable {
    /// Shares `categories` (not empty) with the user named `recipientName`, or replaces what an existing share with
    /// them holds; the share keeps its first date. Throws ``PersonShareError`` for an unknown name and for oneself;
    /// nothing changes then.
    func share(withUserNamed recipientName: String, categories: [String], at date: Date) throws -> PersonShare
    /// The shares this user gives, by the recipient's name.
    func sharesGiven() throws -> [PersonShare]
    /// Ends the share with the user `recipient`. False (nothing changed) when there is none.
    func stopSharing(with recipient: Int64) throws -> Bool
    /// The shares this user receives, by the owner's name.
    func sharesReceived() throws -> [PersonShare]
    /// The share this user receives from the user named `ownerName`, read now (a share ended a moment ago, by any
    /// healthd, is not found); nil when there is none, whether or not such a user exists.
    func shareReceived(fromUserNamed ownerName: String) throws -> PersonShare?
    /// Stops receiving the share of the user `owner`. False (nothing changed) when there is none.
    func leaveShare(from owner: Int64) throws -> Bool
}

/// One person's data shared with another, read only.
package struct PersonShare: Sendable, Equatable {
    /// The user whose data it is, and their name.
    package let owner: Int64
    package let ownerName: String
    /// The user who may read it, and their name.
    package let recipient: Int64
    package let recipientName: String
    /// Health's category ids shared, sorted.
    package let categories: [String]
    /// When the owner first shared with the recipient.
    package let since: Date

    /// A share.
    package init(
        owner: Int64, ownerName: String, recipient: Int64, recipientName: String, categories: [String], since: Date
    ) {
        self.owner = owner
        self.ownerName = ownerName
        self.recipient = recipient
        self.recipientName = recipientName
        self.categories = categories
        self.since = since
    }
}

/// Why a share was refused; nothing changed.
package enum PersonShareError: Error, Equatable, CustomStringConvertible {
    /// No user has this name.
    case unknownUser(String)
    /// One does not share with oneself.
    case oneself
    /// No category was chosen.
    case nothingChosen

    package var description: String {
        switch self {
        case .unknownUser(let name): "No one named \"\(name)\" uses this server."
        case .oneself: "This is your own name: choose someone else to share with."
        case .nothingChosen: "Choose at least one category to share."
        }
    }
}
