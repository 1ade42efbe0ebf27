import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The exports started from Me: one at a time, each writing the whole store into a private folder of its own
/// (0700, the file 0600) beside the store, where it waits to be downloaded. The last ``kept`` are kept, an older one's
/// folder removed. Jobs live in memory: what a stopped healthd left is removed once it is ``abandonedAfter`` old (when
/// the user's jobs are made and at each new export), so that another healthd serving the same store from the same
/// folder keeps its own exports.
final class ExportJobs: Sendable {
    enum State: Sendable {
        /// Records written so far.
        case running(records: Int)
        case finished(records: Int, bytes: Int64)
        case failed(String)
    }

    struct Job: Sendable {
        let id: String
        let format: WebExportFormat
        let started: Date
        /// The job's own folder, and the export in it.
        let folder: URL
        var file: URL { folder.appendingPathComponent(format.fileName) }
        var state: State

        var isRunning: Bool {
            if case .running = state { return true }
            return false
        }
    }

    /// How many exports are kept.
    static let kept = 3
    /// The age after which an export folder no job of this process knows is removed.
    static let abandonedAfter: TimeInterval = 3600

    private let directory: URL
    private let jobs = Locked<[Job]>([])

    /// The exports of the host whose folder is `directory`; what an earlier run of healthd left there is removed.
    init(directory: URL) {
        self.directory = directory
        removeAbandoned()
    }

    /// Starts a job: its folder is made. Nil while another export runs.
    func begin(_ format: WebExportFormat, now: Date = Date()) throws -> Job? {
        let id = WebSession.randomToken()
        let folder = directory.appendingPathComponent("export-" + id)
        let (job, dropped) = try jobs.withLock { jobs -> (Job?, [Job]) in
            guard !jobs.contains(where: \.isRunning) else { return (nil, []) }
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let job = Job(id: id, format: format, started: now, folder: folder, state: .running(records: 0))
            jobs.append(job)
            let dropped = Array(jobs.dropLast(Self.kept))
            jobs.removeFirst(dropped.count)
            return (job, dropped)
        }
        for old in dropped { try? FileManager.default.removeItem(at: old.folder) }
        removeAbandoned(now: now)
        return job
    }

    func update(_ id: String, to state: State) {
        jobs.withLock { jobs in
            if let index = jobs.firstIndex(where: { $0.id == id }) { jobs[index].state = state }
        }
    }

    func job(_ id: String) -> Job? {
        jobs.withLock { jobs in jobs.first { $0.id == id } }
    }

    /// Removes the export folders in `directory` that no job here knows and that are older than ``abandonedAfter``.
    private func removeAbandoned(now: Date = Date()) {
        let fileManager = FileManager.default
        let known = Set(jobs.withLock { $0.map(\.folder.lastPathComponent) })
        for name in (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix("export-") && !known.contains(name) {
            let folder = directory.appendingPathComponent(name)
            let modified = (try? fileManager.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date
            if let modified, now.timeIntervalSince(modified) > Self.abandonedAfter {
                try? fileManager.removeItem(at: folder)
            }
        }
    }
}
