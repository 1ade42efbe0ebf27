import Foundation
import OpenHealthKitModel

/// The imports started from the Import page during this run of healthd: one at a time, each with a random id the
/// page polls its progress by. The last few finished ones are kept so their summaries can be shown again.
final class ImportJobs: Sendable {
    enum State: Sendable {
        /// The browser is sending the file.
        case uploading
        /// The importer is reading it (nil until its first report).
        case importing(ImportProgressReport?)
        case finished(ImportReport)
        case failed(String)

        var isRunning: Bool {
            switch self {
            case .uploading, .importing: true
            case .finished, .failed: false
            }
        }
    }

    struct Job: Sendable {
        let id: String
        let fileName: String
        let started: Date
        var state: State
    }

    /// How many jobs are remembered.
    static let kept = 10

    private struct Jobs {
        var byID: [String: Job] = [:]
        /// Oldest first.
        var order: [String] = []
    }

    private let jobs = Locked(Jobs())

    /// Starts a job, or returns nil while another one is running.
    func begin(fileName: String, now: Date = Date()) -> Job? {
        jobs.withLock { jobs in
            if jobs.byID.values.contains(where: \.state.isRunning) { return nil }
            let job = Job(id: UUID().uuidString.lowercased(), fileName: fileName, started: now, state: .uploading)
            jobs.byID[job.id] = job
            jobs.order.append(job.id)
            while jobs.order.count > Self.kept { jobs.byID[jobs.order.removeFirst()] = nil }
            return job
        }
    }

    func update(_ id: String, to state: State) {
        jobs.withLock { $0.byID[id]?.state = state }
    }

    /// A failed upload leaves nothing to show: the job is forgotten.
    func forget(_ id: String) {
        jobs.withLock { jobs in
            jobs.byID[id] = nil
            jobs.order.removeAll { $0 == id }
        }
    }

    func job(_ id: String) -> Job? {
        jobs.withLock { $0.byID[id] }
    }

    /// The job uploading or importing now, if any.
    var running: Job? {
        jobs.withLock { $0.byID.values.first { $0.state.isRunning } }
    }
}
