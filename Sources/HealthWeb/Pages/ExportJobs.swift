package import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Exports of one user that run in the background: those started from Me (`Request` the format) and FHIR bulk
/// exports (healthd's `$export`). One runs at a time, each writing into a private folder of its own (0700, files
/// 0600) beside the store, where it waits to be downloaded. The last ``kept`` are kept, an older one's folder
/// removed. Jobs live in memory: what a stopped healthd left is removed once it is ``abandonedAfter`` old (when the
/// user's jobs are made and at each new export), so that another healthd serving the same store from the same folder
/// keeps its own exports.
package final class ExportJobs<Request: Sendable>: Sendable {
    package enum State: Sendable {
        /// Records written so far.
        case running(records: Int)
        case finished(records: Int, bytes: Int64)
        case failed(String)
    }

    package struct Job: Sendable {
        package let id: String
        /// What the export writes.
        package let request: Request
        package let started: Date
        /// The job's own folder, where the export writes.
        package let folder: URL
        package var state: State
        /// Removed while it ran: no longer shown, but still the one running until it ends (then its folder goes).
        var discarded = false

        package var isRunning: Bool {
            if case .running = state { return true }
            return false
        }
    }

    /// How many exports are kept.
    package static var kept: Int { 3 }
    /// The age after which an export folder no job of this process knows is removed.
    package static var abandonedAfter: TimeInterval { 3600 }

    private let directory: URL
    private let jobs = Locked<[Job]>([])

    /// The exports of the host whose folder is `directory`; what an earlier run of healthd left there is removed.
    package init(directory: URL) {
        self.directory = directory
        removeAbandoned()
    }

    /// Starts a job: its folder is made. Nil while another export runs.
    package func begin(_ request: Request, now: Date = Date()) throws -> Job? {
        let id = WebSession.randomToken()
        let folder = directory.appendingPathComponent("export-" + id)
        let (job, dropped) = try jobs.withLock { jobs -> (Job?, [Job]) in
            guard !jobs.contains(where: \.isRunning) else { return (nil, []) }
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let job = Job(id: id, request: request, started: now, folder: folder, state: .running(records: 0))
            jobs.append(job)
            let dropped = Array(jobs.dropLast(Self.kept))
            jobs.removeFirst(dropped.count)
            return (job, dropped)
        }
        for old in dropped { try? FileManager.default.removeItem(at: old.folder) }
        removeAbandoned(now: now)
        return job
    }

    package func update(_ id: String, to state: State) {
        let ended = jobs.withLock { jobs -> Job? in
            guard let index = jobs.firstIndex(where: { $0.id == id }) else { return nil }
            jobs[index].state = state
            return jobs[index].discarded && !jobs[index].isRunning ? jobs.remove(at: index) : nil
        }
        if let ended { try? FileManager.default.removeItem(at: ended.folder) }
    }

    package func job(_ id: String) -> Job? {
        jobs.withLock { jobs in jobs.first { $0.id == id && !$0.discarded } }
    }

    /// Forgets a job and removes its folder; false when there is no such job. A running job is hidden at once but
    /// counts as the one running until it ends, when its folder goes: removing cannot start a second export.
    package func remove(_ id: String) -> Bool {
        let removed = jobs.withLock { jobs -> Job?? in
            guard let index = jobs.firstIndex(where: { $0.id == id && !$0.discarded }) else { return nil }
            guard !jobs[index].isRunning else {
                jobs[index].discarded = true
                return .some(nil)
            }
            return .some(jobs.remove(at: index))
        }
        guard let removed else { return false }
        if let removed { try? FileManager.default.removeItem(at: removed.folder) }
        return true
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

extension ExportJobs.Job where Request == WebExportFormat {
    /// The export's one file.
    var file: URL { folder.appendingPathComponent(request.fileName) }
}
