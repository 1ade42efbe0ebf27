import Foundation
import HealthWeb
import Logging
import OpenHealthKitExchange
import OpenHealthKitModel

/// The Import page's importer: the Health export importer on the daemon's own engine, as the owner.
extension DaemonWebHost {
    var importUnavailableReason: String? { nil }

    var maximumUploadSize: Int64 { daemon.configuration.maximumUploadSize }

    /// `<store>.uploads/`, beside the store: on its disk, where /tmp may be held in memory.
    var uploadDirectory: URL { URL(fileURLWithPath: daemon.configuration.storePath + ".uploads") }

    /// Runs the importer on a thread of its own (an import blocks for as long as it takes). Every committed batch is
    /// published on the engine's change feed, so change streams, background delivery and the apps' long-running
    /// queries hear of the imported data as it arrives.
    func importHealthExport(
        at file: URL, progress: @escaping @Sendable (ImportProgressReport) -> Void
    ) async throws -> ImportReport {
        let engine = daemon.engine
        let summary = try await Self.onThread {
            try HealthExportImporter(engine: engine).import(from: file) { step in
                progress(
                    ImportProgressReport(
                        bytesRead: step.bytesRead, totalBytes: step.totalBytes, records: step.records,
                        elapsed: step.elapsed))
            }
        }
        daemon.logger.info(
            "imported an uploaded Health export: \(summary.totalAdded) of \(summary.totalRead) records added")
        return ImportReport(summary)
    }

    /// Runs `work` on a new thread: neither on Swift concurrency's threads nor on Dispatch's, which serve requests.
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = "healthd.import"
            thread.start()
        }
    }
}

extension ImportReport {
    /// The importer's summary as the Import page shows it.
    init(_ summary: ImportSummary) {
        func line(_ name: String, _ counts: ImportSummary.Counts) -> Line {
            Line(
                name: name, read: counts.read, added: counts.added, alreadyStored: counts.alreadyStored,
                skipped: counts.skipped)
        }
        let others = [
            ("Workouts", summary.workouts), ("Workout Routes", summary.workoutRoutes),
            ("Activity Summaries", summary.activitySummaries), ("Clinical Records", summary.clinicalRecords),
        ].filter { $0.1.read > 0 }.map { line($0.0, $0.1) }
        let unrecognized = summary.unrecognized.sorted { $0.key < $1.key }.map {
            line("\($0.key) (kept as exported)", $0.value)
        }
        var typesAdded = summary.records.filter { $0.value.added > 0 }.map(\.key)
        if summary.workouts.added > 0 { typesAdded.append(HKWorkoutTypeIdentifier) }
        self.init(
            document: summary.document, types: summary.records.map { line($0.key, $0.value) },
            others: others + unrecognized,
            routeLocationsAdded: summary.routeLocationsAdded, heartbeatsAdded: summary.heartbeatsAdded,
            skipped: summary.skipped.map { skipped in
                Skipped(
                    line: skipped.line,
                    record: [skipped.element, skipped.type].compactMap { $0 }.joined(separator: " "),
                    reason: skipped.reason)
            },
            skippedTotal: summary.skippedTotal,
            warnings: summary.warnings.map { warning in (warning.line.map { "Line \($0): " } ?? "") + warning.message },
            warningsTotal: summary.warningsTotal, typesAdded: typesAdded.sorted(),
            incomplete: summary.incomplete?.message)
    }
}
