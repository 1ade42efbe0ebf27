import Foundation
import OpenHealthKitEngine

/// Stores batches on a writer thread while the parser reads on: the import takes about as long as the slower of
/// the two, not their sum. At most `capacity` batches wait (besides the one being stored and the one being filled),
/// so memory stays bounded whatever the export's size.
final class BatchPipeline: @unchecked Sendable {
    // Every mutable field is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [ImportBatch] = []
    private var closed = false
    private var done = false
    private var failure: (any Error)?
    private var tally = WriterTally()
    private let capacity: Int
    /// Told on the writer thread, after each committed batch, what the import added so far.
    private let onCommit: (@Sendable (_ added: Int, _ types: Set<String>) -> Void)?
    /// Told on the writer thread what each batch stored, batch by batch in the order submitted.
    private let onStored: (@Sendable (ImportBatch, ImportBatchResult) -> Void)?

    init(
        engine: HealthEngine, capacity: Int = 1,
        onCommit: (@Sendable (_ added: Int, _ types: Set<String>) -> Void)? = nil,
        onStored: (@Sendable (ImportBatch, ImportBatchResult) -> Void)? = nil
    ) {
        self.capacity = capacity
        self.onCommit = onCommit
        self.onStored = onStored
        let thread = Thread { [self] in self.run(engine) }
        thread.name = "OpenHealthKit.import-writer"
        thread.start()
    }

    /// Queues a batch, waiting while the writer is `capacity` batches behind. Throws the writer's failure.
    func submit(_ batch: ImportBatch) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity, failure == nil { condition.wait() }
        if let failure { throw failure }
        queue.append(batch)
        condition.broadcast()
    }

    /// Waits until every queued batch is stored; returns what the writer stored. Throws the writer's failure.
    func finish() throws -> WriterTally {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        if let failure { throw failure }
        return tally
    }

    /// What the batches committed so far added: how many objects (samples, clinical records among them, activity
    /// summaries and unrecognized records), and the types of the samples among them.
    var committed: (added: Int, types: Set<String>) {
        condition.lock()
        defer { condition.unlock() }
        return (tally.totalAdded, Set(tally.added.filter { $0.value > 0 }.keys))
    }

    /// Drops the batches not stored yet and lets the writer thread end (the import failed).
    func abandon() {
        condition.lock()
        closed = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func run(_ engine: HealthEngine) {
        while true {
            condition.lock()
            while queue.isEmpty, !closed { condition.wait() }
            guard !queue.isEmpty, failure == nil else {
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let batch = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            do {
                let result = try engine.blocking { try await $0.importBatch(batch) }
                onStored?(batch, result)
                condition.lock()
                tally.count(batch, result)
                condition.unlock()
                if let onCommit {
                    let (added, types) = committed
                    onCommit(added, types)
                }
            } catch {
                condition.lock()
                failure = error
                queue.removeAll()
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}

/// What the writer stored, by type.
struct WriterTally {
    var added: [String: Int] = [:]
    var alreadyStored: [String: Int] = [:]
    var unrecognizedAdded: [String: Int] = [:]
    var activitySummariesAdded = 0
    var heartbeatsAdded = 0
    var locationsAdded = 0

    /// Objects added, as the summary counts them (children such as heartbeats and locations are not objects).
    var totalAdded: Int {
        added.values.reduce(0, +) + unrecognizedAdded.values.reduce(0, +) + activitySummariesAdded
    }

    mutating func count(_ batch: ImportBatch, _ result: ImportBatchResult) {
        // Counted by runs of one type (exports list records type by type), not row by row.
        var run: (type: String, added: Int, alreadyStored: Int)?
        func close() {
            guard let run else { return }
            added[run.type, default: 0] += run.added
            alreadyStored[run.type, default: 0] += run.alreadyStored
        }
        for (row, stored) in zip(batch.samples, result.stored) {
            if run?.type != row.typeIdentifier {
                close()
                run = (row.typeIdentifier, 0, 0)
            }
            if stored { run!.added += 1 } else { run!.alreadyStored += 1 }
        }
        close()
        for (row, stored) in zip(batch.unrecognized, result.unrecognizedStored) where stored {
            unrecognizedAdded[row.summaryKey, default: 0] += 1
        }
        activitySummariesAdded += result.activitySummariesStored
        heartbeatsAdded += result.heartbeatsStored
        locationsAdded += result.locationsStored
    }
}

extension UnrecognizedRecordRow {
    /// How the summary lists it: by type, or by element when it has none.
    var summaryKey: String { typeIdentifier ?? element }
}
