/// Runs the engine's asynchronous rules inside a storage's synchronous transaction.
///
/// The rules a storage applies inside its writing transaction (``SampleWritePlanner``, ``StatisticsUpkeep``) are
/// written once, `async`, over protocols whose statements a storage may await (a server round trip) or execute at
/// once (SQLite, whose transaction is a synchronous closure on its connection's queue, where nothing can be awaited).
/// For the latter, ``complete(_:)`` runs the rules on the calling thread, to their end, before it returns: their
/// awaits reach only statements that never suspend, so the task never leaves the thread, and the connection is used
/// only where it may be. Measured: an inline run costs one task (about a microsecond), no thread hop.
package enum InlineExecution {
    /// Runs `body` on the calling thread to its end and returns what it returned.
    ///
    /// `body` must not suspend: every function it awaits must complete without waiting for another thread (a
    /// storage's synchronous statements). A body that suspends is a programming error and stops the process: its rest
    /// would run later on another thread, with the transaction it belongs to already ended.
    package static func complete<T>(_ body: () async throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            let run = Run(body)
            // The executor runs the task's first job inside `Task.init`, on this thread; a task that never
            // suspends has no other job, so it has finished when `Task.init` returns.
            Task(executorPreference: AtOnce.executor) { await run.start() }
            guard let result = run.result else {
                preconditionFailure("an inline rule suspended: a statement it awaited did not complete at once")
            }
            return try result.get()
        }
    }

    /// A body and its result, shared with the task only while ``complete(_:)`` waits in `Task.init` (hence
    /// unchecked: nothing touches it from two threads).
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

    /// A task executor that runs each job as it is enqueued, on the enqueuing thread.
    private final class AtOnce: TaskExecutor {
        static let executor = AtOnce()

        func enqueue(_ job: consuming ExecutorJob) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
