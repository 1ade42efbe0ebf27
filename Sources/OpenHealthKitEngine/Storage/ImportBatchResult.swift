import Foundation

/// What storing a batch did.
package struct ImportBatchResult: Sendable {
    /// For each sample of the batch, in order: whether it was newly stored (false: an equal sample was already there).
    package var stored: [Bool]
    /// For each unrecognized record of the batch, in order: whether it was newly stored.
    package var unrecognizedStored: [Bool]
    /// Activity summaries added or replaced by a later export's.
    package var activitySummariesStored = 0
    package var heartbeatsStored = 0
    package var locationsStored = 0
    package var change: StoreChange

    package init(stored: [Bool], unrecognizedStored: [Bool], change: StoreChange) {
        self.stored = stored
        self.unrecognizedStored = unrecognizedStored
        self.change = change
    }
}
