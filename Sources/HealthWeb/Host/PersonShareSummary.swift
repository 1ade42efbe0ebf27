package import Foundation

/// A share between two people of the server as Sharing lists it: the other person (whom the user shares with, or
/// who shares with the user), Health's category ids shared, and since when.
package struct PersonShareSummary: Sendable, Equatable {
    package let person: String
    package let categories: [String]
    package let since: Date

    package init(person: String, categories: [String], since: Date) {
        self.person = person
        self.categories = categories
        self.since = since
    }
}

/// What another person shares with the signed-in user, as the host reads it for one page: the share as it is now,
/// the sharer's whole store (the web app reads it only through ``SharedWebStore``, narrowed to the share's
/// categories and read only) and the sharer's access log, where each page read is entered under the reader's name.
package struct SharedPersonData: Sendable {
    package let share: PersonShareSummary
    package let store: any HealthWebStore
    /// Enters a read of `types` (`count` samples) in the sharer's access log.
    package let audit: @Sendable (_ types: [String], _ count: Int) async -> Void

    package init(
        share: PersonShareSummary, store: any HealthWebStore,
        audit: @escaping @Sendable (_ types: [String], _ count: Int) async -> Void
    ) {
        self.share = share
        self.store = store
        self.audit = audit
    }
}
