import Foundation
import OpenHealthKitModel
import Logging
import OpenHealthKitEngine

/// Records every call that reads or writes health data in the audit log, with its outcome.
struct Auditor: Sendable {
    let records: any DaemonRecordStorage
    let logger: Logger

    /// Runs `body` and records the call: who, which operation and types, how many samples its result counts
    /// (`count`), and its HealthKit error code when it failed.
    func audited<T>(
        _ caller: String, _ operation: String, types: [String], count: (T) -> Int = { _ in 0 },
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            let result = try await body()
            await record(caller, operation, types: types, count: count(result), errorCode: nil)
            return result
        } catch {
            await record(
                caller, operation, types: types, count: 0, errorCode: APIError(from: error).error.code.rawValue)
            throw error
        }
    }

    /// Records one call; `time` is when it was made (now, unless it is recorded once it has been answered).
    func record(
        _ caller: String, _ operation: String, types: [String], count: Int, errorCode: Int?, subject: String? = nil,
        time: Date = Date()
    ) async {
        let entry = AuditEntry(
            time: time, app: caller, operation: operation, types: types.sorted(), sampleCount: count,
            errorCode: errorCode, subject: subject)
        do {
            try await offload { [records] in try records.appendAuditEntry(entry) }
        } catch {
            // The call already happened (a write is committed): failing it now would mislead the caller.
            logger.error("could not append to the audit log: \(error)")
        }
    }
}

extension Auditor {
    /// Records the owner's change of an app's grants as what a person reads in the access log: one entry per kind
    /// of change (`grants.share.on`, `grants.share.off`, `grants.read.on`, `grants.read.off`) with the types it
    /// concerns and the app as its subject. Decisions set back to "not determined" are `grants.reset`.
    func recordGrantChanges(_ changed: [String: Grant], app bundleIdentifier: String) async {
        var types: [String: [String]] = [:]
        for (identifier, grant) in changed {
            let share: String? =
                switch grant.share {
                case .sharingAuthorized: "grants.share.on"
                case .sharingDenied: "grants.share.off"
                default: nil
                }
            let read: String? =
                switch grant.read {
                case .authorized: "grants.read.on"
                case .denied: "grants.read.off"
                default: nil
                }
            for operation in [share, read].compactMap({ $0 }) { types[operation, default: []].append(identifier) }
            if share == nil, read == nil { types["grants.reset", default: []].append(identifier) }
        }
        for (operation, identifiers) in types.sorted(by: { $0.key < $1.key }) {
            await record(
                AuditEntry.owner, operation, types: identifiers, count: 0, errorCode: nil, subject: bundleIdentifier)
        }
    }
}

/// Runs blocking work (SQLite) on a thread of its own, keeping Swift concurrency's few threads free for I/O.
///
/// Each call gets a serial queue of its own, which libdispatch runs on its overcommit pool: a thread is found at
/// once even while other calls are blocked waiting for SQLite's writer. (On Linux the global concurrent queues
/// notice blocked workers through a monitor that adds one thread a second, which stalls bursts of calls.) The engine's
/// calls in `work` run inline on that thread (``InlineExecution``): every storage executes its statements
/// synchronously.
func offload<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: "healthd.offload").async {
            continuation.resume(with: Result { try InlineExecution.complete(work) })
        }
    }
}
