import OpenHealthKitEngine
import PostgresNIO

/// Each user's anchor counter (`store_anchor`): every stored sample and every tombstone takes the next value, inside
/// the write transaction that stores it.
///
/// **Anchors follow commit order.** A writing transaction first locks its user's counter row
/// (``lock(_:user:)``, `SELECT ... FOR UPDATE`) and keeps the lock until it commits or rolls back. A second writer of
/// the same user waits at that lock until the first is over, then reads the counter the first committed: anchors are
/// handed out in the order the transactions commit. A reader that sees anchor n has therefore seen every anchor below
/// n, and resuming "after n" never skips a change that committed later with a smaller anchor, which a sequence
/// (handing out values at insert time, committed in any order) would allow. Writers of different users never wait
/// for each other.
enum StoreAnchor {
    /// Locks the user's counter until the transaction ends and returns the anchor of the latest committed change.
    static func lock(_ session: Session, user: Int64) throws -> Int64 {
        var binds = Binds()
        let user = binds.add(user)
        return try session.query("SELECT value FROM store_anchor WHERE user_id = \(user) FOR UPDATE", binds.bindings)
            .first?.decode(Int64.self) ?? 0
    }

    /// The anchor of the user's latest committed change.
    static func current(_ session: Session, user: Int64) throws -> Int64 {
        var binds = Binds()
        let user = binds.add(user)
        return try session.query("SELECT value FROM store_anchor WHERE user_id = \(user)", binds.bindings)
            .first?.decode(Int64.self) ?? 0
    }

    /// Stores the anchor after the transaction's changes (the row is locked by ``lock(_:user:)``).
    static func set(_ anchor: Int64, _ session: Session, user: Int64) throws {
        var binds = Binds()
        let value = binds.add(anchor), user = binds.add(user)
        try session.execute("UPDATE store_anchor SET value = \(value) WHERE user_id = \(user)", binds.bindings)
    }
}

/// A transaction that writes samples or tombstones: its session, its user, and the anchor its changes reached
/// (starting from the locked counter; each change takes ``next()``).
final class AnchoredWrite {
    let session: Session
    let user: Int64
    let catalog: TypeCatalog
    /// The anchor of the latest change, this transaction's included.
    private(set) var anchor: Int64
    /// What the transaction wrote that the statistics aggregates follow, brought in step before it commits.
    var statisticsNotes = StatisticsNotes()

    init(session: Session, user: Int64, catalog: TypeCatalog, anchor: Int64) {
        self.session = session
        self.user = user
        self.catalog = catalog
        self.anchor = anchor
    }

    /// The anchor of the next change.
    func next() -> Int64 {
        anchor += 1
        return anchor
    }
}
