import Foundation
import OpenHealthKitModel

/// Runs async code inside a synchronous caller: the engine's rules inside a storage's transaction, the engine under
/// a caller that cannot await.
///
/// The rules a storage applies inside its writing transaction (``SampleWritePlanner``, ``StatisticsUpkeep``) and the
/// engine over the storage seam are written once, `async`, over storages that may await their statements (a server
/// round trip) or execute them at once (SQLite, whose transaction is a synchronous closure on its connection's queue,
/// where nothing can be awaited). For the latter, ``complete(_:file:line:)`` runs the async code on the calling
/// thread, to its end, before it returns: its awaits reach only statements that never suspend, so the task never
/// leaves the thread, and a connection is used only where it may be. An inline run costs one task (about a
/// microsecond), no hand-off between threads (decisions 0054 and 0055).
package enum InlineExecution {
    /// Runs `body` on the calling thread to its end and returns what it returned.
    ///
    /// `body` must not suspend: every function it awaits must complete without waiting for another thread (a
    /// storage's synchronous statements; never an app's answer to a permission request). A body that suspends is a
    /// programming error and stops the process, naming the caller (`file`, `line`), before any of its rest runs: the
    /// rest would run later, on whichever thread resumed it, after the transaction it belongs to ended.
    package static func complete<T>(
        _ body: () async throws -> T, file: StaticString = #fileID, line: UInt = #line
    ) throws -> T {
        try withoutActuallyEscaping(body) { body in
            let run = Run(body)
            let executor = AtOnce(caller: "\(file):\(line)")
            // The executor runs the task's first job inside `Task.init`, on this thread; a task that never suspends
            // has no other job, so it has finished when `Task.init` returns.
            Task(executorPreference: executor) { await run.start() }
            executor.close()
            guard let result = run.result else { executor.suspended() }
            return try result.get()
        }
    }

    /// A body and its result, shared with the task only while ``complete(_:file:line:)`` is inside `Task.init` on
    /// the same thread (hence unchecked: a job arriving from another thread stops the process before it runs).
    private final class Run<T>: @unchecked Sendable {
        private let body: () async throws -> T
        private(set) var result: Result<T, any Error>?

        init(_ body: @escaping () async throws -> T) {
            self.body = body
        }

        func start() async {
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
        }
    }

    /// A task executor, one per run, that runs each job as it is enqueued, on the thread that made it, while the run
    /// is inside `Task.init`; any other job is a suspension coming back, and stops the process.
    private final class AtOnce: TaskExecutor, @unchecked Sendable {
        private let caller: String
        private let thread = pthread_self()
        private let isOpen = Locked(true)

        init(caller: String) {
            self.caller = caller
        }

        func enqueue(_ job: consuming ExecutorJob) {
            guard isOpen.withLock({ $0 }), pthread_equal(pthread_self(), thread) != 0 else { suspended() }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }

        func close() {
            isOpen.withLock { $0 = false }
        }

        func suspended() -> Never {
            preconditionFailure(
                "\(caller): code run inline suspended (an awaited call did not complete at once; see InlineExecution)")
        }
    }
}
