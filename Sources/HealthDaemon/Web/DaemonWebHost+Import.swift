import Foundation
import HealthWeb
import Logging
import OpenHealthKitExchange
import OpenHealthKitModel

/// The Import page's importer: the Health export importer on the daemon's own engine, as the owner.
extension DaemonWebHost {
    var importUnavailableReason: String? { nil }

    var maximumUploadSize: Int64 { daemon.configuration.maximumUploadSize }

    var uploadDirectory: URL { daemon.configuration.uploadDirectory(for: user.id) }

    /// Runs the importer on a thread of its own (an import blocks for as long as it takes). Every committed batch is
    /// published on the engine's change feed, so change streams, background delivery and the apps' long-running
    /// queries hear of the imported data as it arrives.
    func importHealthExport(
        at file: URL, progress: @escaping @Sendable (ImportProgressReport) -> Void
    ) async throws -> ImportReport {
        let engine = user.engine
        // The last report, told again with what each committed batch added (from the writer thread).
        let latest = Locked(ImportProgressReport(bytesRead: 0, totalBytes: nil, records: 0, elapsed: 0))
        let summary = try await Self.onThread {
            let importer = HealthExportImporter(engine: engine)
            importer.onCommit = { added, types in
                progress(
                    latest.withLock {
                        $0.added = added
                        $0.typesAdded = types.sorted()
                        return $0
                    })
            }
            return try importer.import(from: file) { step in
                progress(
                    latest.withLock {
                        $0 = ImportProgressReport(
                            bytesRead: step.bytesRead, totalBytes: step.totalBytes, records: step.records,
                            elapsed: step.elapsed, added: step.added, typesAdded: step.typesAdded.sorted())
                        return $0
                    })
            }
        }
        daemon.logger.info(
            "imported an uploaded Health export: \(summary.totalAdded) of \(summary.totalRead) records added")
        var report = ImportReport(summary)
        // The committed batches' types hold those the summary counts under no type of its own (each clinical record's
        // type, routes...).
        report.typesAdded = Set(report.typesAdded).union(latest.withLock { $0.typesAdded }).sorted()
        return report
    }

    /// Runs `work` on a new thread: neither on Swift concurrency's threads nor on Dispatch's, which serve requests.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
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
            skipped: summary.skippedGroups.map { group in
                SkippedGroup(
                    element: group.element, type: group.type, reason: group.reason, count: group.count,
                    lines: group.lines)
            },
            skippedTotal: summary.skippedTotal, filesRead: summary.filesRead,
            unimportedFiles: summary.unimportedFiles.map { File(path: $0.path, reason: $0.reason) },
            unimportedFilesTotal: summary.unimportedFilesTotal,
            warnings: summary.warnings.map { warning in (warning.line.map { "Line \($0): " } ?? "") + warning.message },
            warningsTotal: summary.warningsTotal, typesAdded: typesAdded.sorted(),
            incomplete: summary.incomplete?.message, timeZone: summary.timeZone)
    }
}
