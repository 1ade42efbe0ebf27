import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing
@testable import HealthWeb

/// Import jobs live in the store: after healthd stops, the next start finds each job as it was last recorded and
/// says what became of it. (The store's own jobs table, through the storage the daemon uses.)
struct ImportJobTests {
    /// The store's import jobs, as healthd's host gives them to the web app.
    private struct StoredJobs: ImportJobRecords {
        let storage: SQLiteStorage
        func importJobs() throws -> [ImportJobRecord] { try storage.importJobs() }
        func saveImportJob(_ job: ImportJobRecord) throws { try storage.saveImportJob(job) }
        func removeImportJobs(_ ids: [String]) throws { try storage.removeImportJobs(ids) }
    }

    private func upload() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("export.zip")
        try Data("PK".utf8).write(to: file)
        return file
    }

    private func progress(added: Int) -> ImportProgressReport {
        ImportProgressReport(
            bytesRead: 1000, totalBytes: 4000, records: 900, elapsed: 2, added: added,
            typesAdded: [HKQuantityTypeIdentifier.heartRate.rawValue])
    }

    @Test func anImportLeftRunningIsInterruptedWithWhatItCommittedAndCanBeResumed() throws {
        let records = StoredJobs(storage: try SQLiteStorage())
        let running = ImportJobs(records: records)
        let job = try #require(try running.begin(fileName: "export.zip"))
        let file = try upload()
        defer { ImportJobs.removeUpload(file) }
        running.setUpload(job.id, file)
        running.update(job.id, to: .importing(progress(added: 2000)))
        // healthd stops here. Its next start:
        let restarted = ImportJobs(records: records)
        let interrupted = restarted.recoverInterrupted()
        #expect(interrupted.map(\.id) == [job.id])
        let found = try #require(restarted.job(job.id))
        guard case .interrupted(let interruption) = found.state else {
            Issue.record("not interrupted: \(found.state)")
            return
        }
        #expect(!interruption.duringUpload && interruption.added == 2000)
        #expect(interruption.typesAdded == [HKQuantityTypeIdentifier.heartRate.rawValue])
        #expect(found.isResumable && found.upload == file)
        // A later start finds it interrupted still, and nothing new to recover.
        #expect(ImportJobs(records: records).recoverInterrupted().isEmpty)
        let resumed = try #require(restarted.resume(job.id))
        #expect(resumed.resumed == 1 && resumed.state.isRunning)
        #expect(restarted.resume(job.id) == nil)
    }

    @Test func anUploadCutOffLeavesNothingToResumeAndItsFileIsRemoved() throws {
        let records = StoredJobs(storage: try SQLiteStorage())
        let running = ImportJobs(records: records)
        let job = try #require(try running.begin(fileName: "export.zip"))
        let file = try upload()
        running.setUpload(job.id, file)
        let restarted = ImportJobs(records: records)
        #expect(restarted.recoverInterrupted().count == 1)
        let found = try #require(restarted.job(job.id))
        guard case .interrupted(let interruption) = found.state else {
            Issue.record("not interrupted: \(found.state)")
            return
        }
        #expect(interruption.duringUpload && interruption.added == 0)
        #expect(!found.isResumable && found.upload == nil)
        #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
    }

    /// Progress alone is recorded at most every second; what committed batches added, at once.
    @Test func committedBatchesAreRecordedAtOnce() throws {
        let records = StoredJobs(storage: try SQLiteStorage())
        let jobs = ImportJobs(records: records)
        let job = try #require(try jobs.begin(fileName: "export.zip"))
        let start = Date()
        jobs.update(job.id, to: .importing(progress(added: 0)), now: start)
        jobs.update(job.id, to: .importing(progress(added: 0)), now: start.addingTimeInterval(0.1))
        func recorded() throws -> Int? {
            guard case .importing(let report)? = ImportJobs(records: records).job(job.id)?.state else { return nil }
            return report?.added
        }
        #expect(try recorded() == 0)
        jobs.update(job.id, to: .importing(progress(added: 2000)), now: start.addingTimeInterval(0.2))
        #expect(try recorded() == 2000)
    }

    /// What the page shows is never ahead of what a restart would find: a committed batch's count appears only once
    /// its record is written (healthd killed between the two used to read "Nothing had been added" after a page had
    /// shown the count).
    @Test func aCommittedBatchIsShownOnlyOnceItsRecordIsWritten() throws {
        /// The store's records, noting what the jobs showed while each record was being written.
        final class WatchedJobs: ImportJobRecords, @unchecked Sendable {
            let stored: StoredJobs
            var jobs: ImportJobs?
            var shownWhileWriting: [Int?] = []
            init(_ stored: StoredJobs) { self.stored = stored }
            func importJobs() throws -> [ImportJobRecord] { try stored.importJobs() }
            func removeImportJobs(_ ids: [String]) throws { try stored.removeImportJobs(ids) }
            func saveImportJob(_ job: ImportJobRecord) throws {
                if let jobs, case .importing(let report)? = jobs.job(job.id)?.state {
                    shownWhileWriting.append(report?.added)
                }
                try stored.saveImportJob(job)
            }
        }
        let records = WatchedJobs(StoredJobs(storage: try SQLiteStorage()))
        let jobs = ImportJobs(records: records)
        records.jobs = jobs
        let job = try #require(try jobs.begin(fileName: "export.zip"))
        jobs.update(job.id, to: .importing(progress(added: 0)))
        jobs.update(job.id, to: .importing(progress(added: 2000)))
        #expect(records.shownWhileWriting == [0])
        guard case .importing(let report)? = jobs.job(job.id)?.state else {
            Issue.record("not importing: \(String(describing: jobs.job(job.id)?.state))")
            return
        }
        #expect(report?.added == 2000)
    }

    @Test func onlyTheLastTenJobsAreKept() throws {
        let records = StoredJobs(storage: try SQLiteStorage())
        let jobs = ImportJobs(records: records)
        var ids: [String] = []
        for _ in 0..<12 {
            let job = try #require(try jobs.begin(fileName: "export.zip"))
            jobs.update(job.id, to: .failed("not an export"))
            ids.append(job.id)
        }
        #expect(try records.importJobs().map(\.id).sorted() == Array(ids.suffix(10)).sorted())
        #expect(jobs.job(ids[0]) == nil && jobs.job(ids[11]) != nil)
    }
}
