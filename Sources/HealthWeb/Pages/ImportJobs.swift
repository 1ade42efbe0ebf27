import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The imports started from the Import page: one at a time, each with a random id its page polls its progress by.
/// Every job is kept in the store (``ImportJobRecord``, through the host) as it changes, so that after a restart of
/// healthd its page says what became of it: finished, failed, or interrupted with what had been committed (and
/// resumable while its upload is kept). The last ``kept`` jobs are remembered.
final class ImportJobs: Sendable {
    enum State: Sendable {
        /// The browser is sending the file.
        case uploading
        /// The importer is reading it (nil until its first report).
        case importing(ImportProgressReport?)
        case finished(ImportReport)
        case failed(String)
        /// healthd stopped while the job ran.
        case interrupted(Interruption)

        var isRunning: Bool {
            switch self {
            case .uploading, .importing: true
            case .finished, .failed, .interrupted: false
            }
        }

        /// The name the record keeps.
        var name: String {
            switch self {
            case .uploading: "uploading"
            case .importing: "importing"
            case .finished: "finished"
            case .failed: "failed"
            case .interrupted: "interrupted"
            }
        }
    }

    /// What a stop of healthd left of a job.
    struct Interruption: Sendable, Codable, Equatable {
        /// Whether it stopped while the file was being uploaded (nothing was imported), or while it was imported.
        var duringUpload: Bool
        /// Objects committed before it stopped: they stay in the store.
        var added: Int
        var typesAdded: [String]
        /// When healthd noticed, on its next start.
        var noticed: Date
    }

    struct Job: Sendable {
        let id: String
        let fileName: String
        let started: Date
        var state: State
        /// The uploaded file, kept while the job runs and, after an interruption, until it is resumed or discarded.
        var upload: URL?
        /// How many times the import was resumed.
        var resumed = 0

        /// Whether "Resume" can pick the import up: interrupted while importing, its upload still there.
        var isResumable: Bool {
            guard case .interrupted(let interruption) = state, !interruption.duringUpload, let upload else {
                return false
            }
            return FileManager.default.fileExists(atPath: upload.path)
        }
    }

    /// How many jobs are remembered.
    static let kept = 10
    /// The shortest time between two records of a job's progress (a committed batch is recorded at once).
    static let progressRecordInterval: TimeInterval = 1

    private struct Jobs {
        var byID: [String: Job] = [:]
        /// Oldest first.
        var order: [String] = []
        /// When each running job's progress was last recorded, and what it had committed then.
        var recorded: [String: (time: Date, added: Int)] = [:]
    }

    private let records: any ImportJobRecords
    private let jobs = Locked(Jobs())
    /// Held by ``update(_:to:now:)`` from its decision to its publication, so that updates (a committed batch from
    /// the writer thread, progress from the reader's) are recorded and shown one at a time, in order.
    private let updating = NSLock()

    /// The jobs `records` keeps. Blocking.
    init(records: any ImportJobRecords) {
        self.records = records
        let kept = (try? records.importJobs()) ?? []
        jobs.withLock { jobs in
            for record in kept {
                guard let job = Self.job(from: record) else { continue }
                jobs.byID[job.id] = job
                jobs.order.append(job.id)
            }
        }
    }

    /// After a start of healthd: the jobs left running by the previous one are interrupted (an upload cut off is
    /// removed; an import's upload is kept so that it can be resumed). Returns them, for the audit log. Blocking.
    func recoverInterrupted(now: Date = Date()) -> [Job] {
        let interrupted = jobs.withLock { jobs -> [Job] in
            var interrupted: [Job] = []
            for id in jobs.order {
                guard var job = jobs.byID[id], job.state.isRunning else { continue }
                let duringUpload: Bool
                let progress: ImportProgressReport?
                switch job.state {
                case .importing(let report): (duringUpload, progress) = (false, report)
                default: (duringUpload, progress) = (true, nil)
                }
                job.state = .interrupted(
                    Interruption(
                        duringUpload: duringUpload, added: progress?.added ?? 0, typesAdded: progress?.typesAdded ?? [],
                        noticed: now))
                if duringUpload, let upload = job.upload {
                    Self.removeUpload(upload)
                    job.upload = nil
                }
                jobs.byID[id] = job
                interrupted.append(job)
            }
            return interrupted
        }
        for job in interrupted { try? save(job) }
        return interrupted
    }

    /// Starts a job, or returns nil while another one is running. The oldest jobs beyond ``kept`` are forgotten
    /// with their uploads. Blocking.
    func begin(fileName: String, now: Date = Date()) throws -> Job? {
        let (job, dropped) = jobs.withLock { jobs -> (Job?, [Job]) in
            if jobs.byID.values.contains(where: \.state.isRunning) { return (nil, []) }
            let job = Job(id: UUID().uuidString.lowercased(), fileName: fileName, started: now, state: .uploading)
            jobs.byID[job.id] = job
            jobs.order.append(job.id)
            var dropped: [Job] = []
            while jobs.order.count > Self.kept, let oldest = jobs.byID.removeValue(forKey: jobs.order.removeFirst()) {
                dropped.append(oldest)
            }
            return (job, dropped)
        }
        guard let job else { return nil }
        for old in dropped { if let upload = old.upload { Self.removeUpload(upload) } }
        try records.removeImportJobs(dropped.map(\.id))
        try save(job)
        return job
    }

    /// Changes a job's state and records it: at once for a new state or a committed batch, at most every
    /// ``progressRecordInterval`` for progress alone. A recorded change is shown (``job(_:)``, the page, its progress
    /// route) only once its record is written, so that nothing shown is more than a restart of healthd would find: a
    /// batch counted before healthd was killed and its record lost would read "Nothing had been added" afterwards.
    /// Blocking. A record that cannot be written leaves the job as it is in memory (its page still follows it).
    func update(_ id: String, to state: State, now: Date = Date()) {
        updating.lock()
        defer { updating.unlock() }
        let toRecord = jobs.withLock { jobs -> Job? in
            guard var job = jobs.byID[id] else { return nil }
            let wasState = job.state.name
            job.state = state
            if case .importing(let progress?) = state, wasState == state.name {
                let last = jobs.recorded[id]
                if let last, last.added == progress.added,
                    now.timeIntervalSince(last.time) < Self.progressRecordInterval
                {
                    jobs.byID[id] = job
                    return nil
                }
                jobs.recorded[id] = (now, progress.added)
            } else {
                jobs.recorded[id] = nil
            }
            return job
        }
        guard let toRecord else { return }
        try? save(toRecord, now: now)
        jobs.withLock { $0.byID[id]?.state = state }
    }

    /// Keeps (or, with nil, removes) a job's uploaded file. Blocking.
    func setUpload(_ id: String, _ upload: URL?) {
        let changed = jobs.withLock { jobs -> Job? in
            guard var job = jobs.byID[id] else { return nil }
            if let old = job.upload, old != upload { Self.removeUpload(old) }
            job.upload = upload
            jobs.byID[id] = job
            return job
        }
        if let changed { try? save(changed) }
    }

    /// Starts an interrupted job again on its kept upload; nil when it cannot be (not resumable, or another import
    /// runs). Blocking.
    func resume(_ id: String) -> Job? {
        let resumed = jobs.withLock { jobs -> Job? in
            guard var job = jobs.byID[id], job.isResumable,
                !jobs.byID.values.contains(where: \.state.isRunning)
            else { return nil }
            job.state = .importing(nil)
            job.resumed += 1
            jobs.byID[id] = job
            return job
        }
        if let resumed { try? save(resumed) }
        return resumed
    }

    /// A failed upload leaves nothing to show: the job is forgotten. Blocking.
    func forget(_ id: String) {
        jobs.withLock { jobs in
            jobs.byID[id] = nil
            jobs.order.removeAll { $0 == id }
        }
        try? records.removeImportJobs([id])
    }

    func job(_ id: String) -> Job? {
        jobs.withLock { $0.byID[id] }
    }

    /// The job uploading or importing now, if any.
    var running: Job? {
        jobs.withLock { $0.byID.values.first { $0.state.isRunning } }
    }

    /// The uploads jobs keep (running or resumable), whose folders must stay.
    var keptUploads: Set<String> {
        jobs.withLock { Set($0.byID.values.compactMap { $0.upload?.deletingLastPathComponent().lastPathComponent }) }
    }

    /// Removes an upload's private folder.
    static func removeUpload(_ upload: URL) {
        try? FileManager.default.removeItem(at: upload.deletingLastPathComponent())
    }

    // MARK: Records

    /// What the record's `detail` holds.
    private struct Detail: Codable {
        var progress: ImportProgressReport?
        var report: ImportReport?
        var failure: String?
        var interruption: Interruption?
        var upload: String?
        var resumed: Int
    }

    private func save(_ job: Job, now: Date = Date()) throws {
        var detail = Detail(upload: job.upload?.path, resumed: job.resumed)
        switch job.state {
        case .uploading: break
        case .importing(let progress): detail.progress = progress
        case .finished(let report): detail.report = report
        case .failed(let message): detail.failure = message
        case .interrupted(let interruption): detail.interruption = interruption
        }
        let text = String(decoding: try JSONEncoder().encode(detail), as: UTF8.self)
        try records.saveImportJob(
            ImportJobRecord(
                id: job.id, fileName: job.fileName, startedAt: job.started, updatedAt: now, state: job.state.name,
                detail: text))
    }

    /// A kept record as a job; nil for one this version cannot read.
    private static func job(from record: ImportJobRecord) -> Job? {
        guard let detail = try? JSONDecoder().decode(Detail.self, from: Data(record.detail.utf8)) else { return nil }
        let state: State
        switch record.state {
        case "uploading": state = .uploading
        case "importing": state = .importing(detail.progress)
        case "finished":
            guard let report = detail.report else { return nil }
            state = .finished(report)
        case "failed": state = .failed(detail.failure ?? "The import failed.")
        case "interrupted":
            guard let interruption = detail.interruption else { return nil }
            state = .interrupted(interruption)
        default: return nil
        }
        return Job(
            id: record.id, fileName: record.fileName, started: record.startedAt, state: state,
            upload: detail.upload.map(URL.init(fileURLWithPath:)), resumed: detail.resumed)
    }
}
