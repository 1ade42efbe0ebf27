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

extension OtherCommits {
    /// The anchors in (`seen`, `anchor`] outside `own`: the changes others committed, once a storage knows which
    /// anchors its own writes gave out (a storage's helper for ``Storage/otherCommits()``).
    package static func gaps(after seen: Int64, upTo anchor: Int64, skipping own: [ClosedRange<Int64>])
        -> [ClosedRange<Int64>]
    {
        var gaps: [ClosedRange<Int64>] = []
        var next = seen + 1
        for range in own.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound >= next {
            // An own range may lie beyond `anchor` (noted after a commit the anchor was read before).
            let upper = min(range.lowerBound - 1, anchor)
            if upper >= next { gaps.append(next...upper) }
            next = range.upperBound + 1
        }
        if next <= anchor { gaps.append(next...anchor) }
        return gaps
    }
}

extension Storage {
    /// A storage no other connection can write to (in memory, or not a database) has nothing to watch.
    package func startWatchingOtherCommits() throws -> Bool { false }
    package func stopWatchingOtherCommits() {}
    package func otherCommits() throws -> OtherCommits? { nil }
}
