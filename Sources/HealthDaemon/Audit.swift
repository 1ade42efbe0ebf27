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

    func record(_ caller: String, _ operation: String, types: [String], count: Int, errorCode: Int?) async {
        let entry = AuditEntry(
            time: Date(), app: caller, operation: operation, types: types.sorted(), sampleCount: count,
            errorCode: errorCode)
        do {
            try await offload { [records] in try records.appendAuditEntry(entry) }
        } catch {
            // The call already happened (a write is committed): failing it now would mislead the caller.
            logger.error("could not append to the audit log: \(error)")
        }
    }
}

/// Runs blocking work (SQLite) on a thread of its own, keeping Swift concurrency's few threads free for I/O.
///
/// Each call gets a serial queue of its own, which libdispatch runs on its overcommit pool: a thread is found at
/// once even while other calls are blocked waiting for SQLite's writer. (On Linux the global concurrent queues
/// notice blocked workers through a monitor that adds one thread a second, which stalls bursts of calls.)
func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: "healthd.offload").async { continuation.resume(with: Result { try work() }) }
    }
}
