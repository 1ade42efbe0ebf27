import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The reading side of an import: fills batches and hands them to the ``BatchPipeline``, and counts what was read,
/// skipped and warned about. At the end it adds what the writer stored.
final class ImportCollector {
    /// What a count is about.
    enum Tally {
        case record(String), workout, route, activitySummary, clinicalRecord, unrecognized(String)
    }

    let engine: HealthEngine
    private let pipeline: BatchPipeline
    private var sizing: BatchSizing
    /// The document's bytes parsed so far (for batch sizes).
    var bytesRead: Int64 = 0
    /// The batch being filled.
    var batch: ImportBatch
    private(set) var summary = ImportSummary()
    /// Elements read so far (for progress).
    private(set) var elementsRead = 0
    /// Records read of the type read last, not in ``summary`` yet: exports list records type by type, so counting
    /// runs saves hashing the type's name for each record.
    private var readRun: (type: String, count: Int)?
    /// Where each group of skipped records is in ``ImportSummary/skippedGroups``.
    private var skippedGroupIndex: [SkippedKey: Int] = [:]
    /// How many records name each time zone (the first ``timeZonesCounted`` names met; see
    /// ``ImportSummary/timeZone``).
    private var timeZoneCounts: [String: Int] = [:]
    private static let timeZonesCounted = 50

    init(
        engine: HealthEngine, batchSize: Int, documentSize: Int64?,
        onCommit: (@Sendable (_ added: Int, _ types: Set<String>) -> Void)? = nil
    ) {
        self.engine = engine
        sizing = BatchSizing(maximum: batchSize, documentSize: documentSize)
        batch = Self.emptyBatch(batchSize)
        pipeline = BatchPipeline(engine: engine, onCommit: onCommit)
    }

    /// Adds an object's rows to the batch, moving them rather than copying (a row holds a dozen strings).
    func add(_ rows: consuming [SampleRow]) {
        if rows.count == 1 {
            batch.samples.append(rows.removeLast())
        } else {
            batch.samples.append(contentsOf: rows)
        }
    }

    func read(_ tally: Tally) {
        elementsRead += 1
        if case .record(let type) = tally {
            if readRun?.type == type {
                readRun!.count += 1
            } else {
                closeReadRun()
                readRun = (type, 1)
            }
            return
        }
        update(tally) { $0.read += 1 }
    }

    /// Adds the records of the current run to the summary.
    private func closeReadRun() {
        guard let run = readRun.take() else { return }
        summary.records[run.type, default: .init()].read += run.count
    }

    func skip(_ tally: Tally, line: Int, element: String, type: String?, reason: String) {
        update(tally) { $0.skipped += 1 }
        listSkipped(ImportSummary.SkippedRecord(line: line, element: element, type: type, reason: reason))
    }

    /// A stretch of the document lost to an XML error, with no record to pin it on.
    func skipRegion(line: Int, reason: String) {
        listSkipped(ImportSummary.SkippedRecord(line: line, element: "(document)", type: nil, reason: reason))
    }

    /// Counts a skipped record, lists it while the list has room, and adds it to its group.
    private func listSkipped(_ record: ImportSummary.SkippedRecord) {
        summary.skippedTotal += 1
        if summary.skipped.count < ImportSummary.maximumListed { summary.skipped.append(record) }
        let key = SkippedKey(element: record.element, type: record.type, reason: record.reason)
        if let index = skippedGroupIndex[key] {
            summary.skippedGroups[index].count += 1
            if summary.skippedGroups[index].lines.count < ImportSummary.linesPerGroup {
                summary.skippedGroups[index].lines.append(record.line)
            }
        } else if summary.skippedGroups.count < ImportSummary.maximumListed {
            skippedGroupIndex[key] = summary.skippedGroups.count
            summary.skippedGroups.append(
                ImportSummary.SkippedGroup(
                    element: record.element, type: record.type, reason: record.reason, count: 1, lines: [record.line]))
        }
    }

    /// What groups skipped records.
    private struct SkippedKey: Hashable {
        let element: String
        let type: String?
        let reason: String
    }

    func warn(line: Int?, _ message: String) {
        summary.warningsTotal += 1
        if summary.warnings.count < ImportSummary.maximumListed {
            summary.warnings.append(ImportSummary.Warning(line: line, message: message))
        }
    }

    /// The document ended early; see ``ImportSummary/incomplete``.
    func noteIncomplete(line: Int, _ message: String) {
        summary.incomplete = ImportSummary.Warning(line: line, message: message)
    }

    func note(exportDate: Date?, locale: String?) {
        if let exportDate { summary.exportDate = exportDate }
        if let locale { summary.locale = locale }
    }

    /// A record's `HKTimeZone`.
    func note(timeZone name: String) {
        if timeZoneCounts[name] != nil || timeZoneCounts.count < Self.timeZonesCounted {
            timeZoneCounts[name, default: 0] += 1
        }
    }

    func note(characteristic identifier: String, value: String) {
        summary.characteristics[identifier] = value
    }

    /// Hands the batch to the writer once it is big enough (see ``BatchSizing``). Called between top-level elements
    /// only, so a parent and its children always share a batch.
    func flushIfFull() throws {
        if batch.rowCount >= sizing.target(bytesRead: bytesRead) { try flush() }
    }

    private func flush() throws {
        let rows = batch.rowCount
        guard rows > 0 else { return }
        try pipeline.submit(batch)
        sizing.submitted(rows: rows)
        batch = Self.emptyBatch(sizing.maximum)
    }

    /// What the batches committed so far added.
    var committed: (added: Int, types: Set<String>) { pipeline.committed }

    /// Stores what is left and returns the summary with what the writer stored.
    func finish(sources: [String: String]) throws -> ImportSummary {
        try flush()
        closeReadRun()
        let tally = try pipeline.finish()
        var summary = self.summary
        summary.sources = sources
        summary.timeZone =
            timeZoneCounts.filter { TimeZone(identifier: $0.key) != nil }
            .max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        for (type, count) in tally.added { Self.counts(of: type, in: &summary) { $0.added += count } }
        for (type, count) in tally.alreadyStored { Self.counts(of: type, in: &summary) { $0.alreadyStored += count } }
        summary.activitySummaries.added = tally.activitySummariesAdded
        for (key, count) in tally.unrecognizedAdded { summary.unrecognized[key, default: .init()].added = count }
        // What was read, not skipped and not added was already there.
        summary.activitySummaries.settleAlreadyStored()
        for key in summary.unrecognized.keys { summary.unrecognized[key]!.settleAlreadyStored() }
        summary.heartbeatsAdded = tally.heartbeatsAdded
        summary.routeLocationsAdded = tally.locationsAdded
        return summary
    }

    /// A batch with room for its samples, so that filling it never copies them.
    private static func emptyBatch(_ size: Int) -> ImportBatch {
        var batch = ImportBatch()
        batch.samples.reserveCapacity(size + 1_000)
        return batch
    }

    /// Gives up: the batches not stored yet are dropped.
    func abandon() {
        pipeline.abandon()
    }

    private func update(_ tally: Tally, _ body: (inout ImportSummary.Counts) -> Void) {
        switch tally {
        case .record(let type): body(&summary.records[type, default: .init()])
        case .workout: body(&summary.workouts)
        case .route: body(&summary.workoutRoutes)
        case .activitySummary: body(&summary.activitySummaries)
        case .clinicalRecord: body(&summary.clinicalRecords)
        case .unrecognized(let key): body(&summary.unrecognized[key, default: .init()])
        }
    }

    private static func counts(
        of type: String, in summary: inout ImportSummary, _ body: (inout ImportSummary.Counts) -> Void
    ) {
        switch type {
        case HKWorkoutTypeIdentifier: body(&summary.workouts)
        case HKWorkoutRouteTypeIdentifier: body(&summary.workoutRoutes)
        case _ where HKObjectType.type(forRawIdentifier: type) is HKClinicalType: body(&summary.clinicalRecords)
        default: body(&summary.records[type, default: .init()])
        }
    }
}

extension ImportSummary.Counts {
    mutating func settleAlreadyStored() {
        alreadyStored = max(read - added - skipped, 0)
    }
}
