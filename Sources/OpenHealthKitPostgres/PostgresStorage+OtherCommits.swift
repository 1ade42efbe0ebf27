import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel
import PostgresNIO

/// Hearing what other connections commit to the same database (other healthd instances, `hk`, another storage in
/// this process), through PostgreSQL's `LISTEN`/`NOTIFY`.
///
/// Every transaction that changes samples, tombstones or settings sends `NOTIFY openhealthkit_commits` with its user
/// and this storage's ``PostgresStorage/writerID``; PostgreSQL delivers it only once the transaction committed. The
/// process's listening connection (``NotificationHub``) marks the watch dirty when another storage's notification for
/// this user arrives (or when it starts listening again after losing its connection, since notifications are not
/// kept for absent listeners).
/// ``otherCommits()`` is then one query when nothing happened: none at all. When something did, it finds the anchors
/// beyond the last one seen that this storage did not give out (its own are noted once committed) and reads their
/// types, as the SQLite storage does.
extension PostgresStorage {
    struct CommitWatch {
        let subscription: NotificationHub.Subscription
        /// The anchor up to which changes were reported; nil until the database was first reached.
        var seenAnchor: Int64?
        /// The anchors above `seenAnchor` given by this storage's own writes.
        var ownAnchors: [ClosedRange<Int64>] = []
        /// Another storage committed (or notifications may have been missed) since the last look.
        var dirty = false
    }

    package func startWatchingOtherCommits() throws -> Bool {
        guard commitWatch.withLock({ $0 == nil }) else { return true }
        // The anchor before listening: a commit between the two is found as a gap once the subscription marks the
        // watch dirty (when it starts listening, or at once when the process already listens).
        let anchor = try? currentAnchor()
        let dirty = Locked(false)
        let subscription = NotificationHub.shared(address).subscribe(
            channels: [CommitListener.channel],
            onNotification: { [weak self] _, payload in self?.heard(payload) },
            onListening: { [weak self] in
                guard let self else { return }
                // Before the watch is in place (the subscription marks it at once): noted, then applied below.
                let applied = commitWatch.withLock { watch -> Bool in
                    guard watch != nil else { return false }
                    watch?.dirty = true
                    return true
                }
                if !applied { dirty.withLock { $0 = true } }
            })
        commitWatch.withLock {
            $0 = CommitWatch(subscription: subscription, seenAnchor: anchor, dirty: dirty.withLock { $0 })
        }
        return true
    }

    package func stopWatchingOtherCommits() {
        commitWatch.withLock { watch in
            watch?.subscription.cancel()
            watch = nil
        }
    }

    package func otherCommits() throws -> OtherCommits? {
        let start = commitWatch.withLock { watch -> Int64?? in
            guard watch?.dirty == true else { return nil }
            watch?.dirty = false
            return .some(watch?.seenAnchor)
        }
        guard case .some(let seen) = start else { return nil }
        do {
            return try session { session in
                let anchor = try StoreAnchor.current(session, user: user)
                guard let seen else {
                    commitWatch.withLock { $0?.seenAnchor = anchor }
                    return OtherCommits(typeIdentifiers: [], anchor: anchor)
                }
                let own = commitWatch.withLock { $0?.ownAnchors ?? [] }
                var types = Set<String>()
                for range in OtherCommits.gaps(after: seen, upTo: anchor, skipping: own) {
                    types.formUnion(try typesChanged(in: range, session))
                }
                commitWatch.withLock { watch in
                    guard watch != nil else { return }
                    let seenAnchor = max(seen, anchor)
                    watch?.seenAnchor = seenAnchor
                    watch?.ownAnchors.removeAll { $0.upperBound <= seenAnchor }
                }
                return OtherCommits(typeIdentifiers: types, anchor: anchor)
            }
        } catch {
            // Look again next time.
            commitWatch.withLock { $0?.dirty = true }
            throw error
        }
    }

    /// Tells every listener on the database that this transaction changed the user's data (delivered on commit).
    func notifyCommit(_ session: Session) throws {
        var binds = Binds()
        let payload = binds.add("\(user) \(writerID.uuidString)")
        try session.execute("SELECT pg_notify('\(CommitListener.channel)', \(payload))", binds.bindings)
    }

    /// Notes anchors this storage's own write gave out, once committed, so that they are not taken for others'.
    func noteOwnAnchors(_ range: ClosedRange<Int64>) {
        commitWatch.withLock { $0?.ownAnchors.append(range) }
    }

    private func heard(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, Int64(parts[0]) == user, parts[1] != writerID.uuidString else { return }
        commitWatch.withLock { $0?.dirty = true }
    }

    private func typesChanged(in range: ClosedRange<Int64>, _ session: Session) throws -> Set<String> {
        var binds = Binds()
        let user = binds.add(user), low = binds.add(range.lowerBound), high = binds.add(range.upperBound)
        return Set(
            try session.query(
                """
                SELECT t.identifier FROM object_type t
                WHERE EXISTS (SELECT 1 FROM sample s
                              WHERE s.user_id = \(user) AND s.type_id = t.id AND s.anchor BETWEEN \(low) AND \(high))
                   OR EXISTS (SELECT 1 FROM deleted_object d
                              WHERE d.user_id = \(user) AND d.type_id = t.id AND d.anchor BETWEEN \(low) AND \(high))
                """, binds.bindings
            ).map { try $0.decode(String.self) })
    }
}
