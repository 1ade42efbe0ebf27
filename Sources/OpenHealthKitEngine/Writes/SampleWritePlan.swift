package import Foundation

/// How a batch of samples is written, decided before anything is (``SampleWritePlanner``): which rows are inserted
/// and under which correlation, which stored samples and which of the batch's own rows are replaced by tombstones,
/// and which stored samples join a correlation. A storage executes it; each of its ``steps`` takes the next anchor, in
/// order.
package struct SampleWritePlan: Sendable {
    /// Where a member's correlation is.
    package enum Parent: Hashable, Sendable {
        /// A stored sample, by row id.
        case stored(Int64)
        /// One of the plan's ``inserts``, by index.
        case planned(Int)
    }

    /// A row of the batch to insert.
    package struct Insert: Sendable {
        /// Its index in the batch.
        package let row: Int
        package internal(set) var parent: Parent?
    }

    /// What takes the next anchor.
    package enum Step: Equatable, Sendable {
        /// Inserts ``inserts``[index].
        case insert(Int)
        /// Replaces the stored sample of this row id by a tombstone.
        case deleteStored(Int64)
        /// Replaces ``inserts``[index] by a tombstone: a later row of the batch replaced it. A storage may insert it
        /// and delete it, or write the tombstone alone.
        case deletePlanned(Int)
    }

    package internal(set) var inserts: [Insert] = []
    package internal(set) var steps: [Step] = []
    /// The ``inserts`` a later step deletes.
    package internal(set) var deletedInserts: Set<Int> = []
    /// Samples stored already on their own that join a correlation (``SampleConflictPolicy/skip``), after the steps.
    package internal(set) var joins: [(uuid: UUID, parent: Parent)] = []
    /// For each row of the batch, in order: whether it is inserted (even if a later row of the batch replaces it).
    package internal(set) var stored: [Bool]
    /// The longest duration among the inserted rows of each type, by type identifier.
    package internal(set) var longestDurations: [String: Double] = [:]

    init(rows: Int) {
        stored = Array(repeating: false, count: rows)
    }
}
