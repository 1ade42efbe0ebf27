import Foundation

/// What other connections to the same database file (another process, or another storage on the file) committed
/// since a storage last looked: see ``Storage/otherCommits()``.
package struct OtherCommits: Sendable, Equatable {
    /// The types of the samples they saved or deleted; empty when they changed only other records (settings,
    /// grants, priorities).
    package var typeIdentifiers: Set<String>
    /// The store's anchor after their commits.
    package var anchor: Int64

    package init(typeIdentifiers: Set<String>, anchor: Int64) {
        self.typeIdentifiers = typeIdentifiers
        self.anchor = anchor
    }
}

extension Storage {
    /// A storage no other connection can write to (in memory, or not a database) has nothing to watch.
    package func startWatchingOtherCommits() throws -> Bool { false }
    package func stopWatchingOtherCommits() {}
    package func otherCommits() throws -> OtherCommits? { nil }
}
