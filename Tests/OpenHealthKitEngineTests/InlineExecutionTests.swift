import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing

/// Async code whose awaits never suspend runs to its end on the calling thread (``InlineExecution``): how SQLite runs
/// the engine's rules inside its transaction, and how callers that cannot await run the engine.
@Suite struct InlineExecutionTests {
    /// Awaits a chain of async functions that complete at once, recording the thread each ran on.
    static func depth(_ remaining: Int, threads: inout [pthread_t]) async throws -> Int {
        threads.append(pthread_self())
        return remaining == 0 ? 0 : 1 + (try await depth(remaining - 1, threads: &threads))
    }

    /// Runs `body` on a dispatch thread of its own, as the library's queues and healthd's `offload` do.
    static func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "InlineExecutionTests").async { continuation.resume(with: Result { try body() }) }
        }
    }

    @Test func aBodyThatNeverSuspendsRunsToItsEndOnTheCallingThread() async throws {
        let (count, caller, threads) = try await Self.onAThreadOfItsOwn {
            var threads: [pthread_t] = []
            let count = try InlineExecution.complete { try await Self.depth(20, threads: &threads) }
            return (count, pthread_self(), threads)
        }
        #expect(count == 20)
        #expect(threads.count == 21)
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    @Test func theBodysErrorReachesTheCaller() {
        struct Refused: Error {}
        #expect(throws: Refused.self) { try InlineExecution.complete { () async throws -> Int in throw Refused() } }
    }

    @Test func aRunInsideARunCompletesInline() throws {
        let value = try InlineExecution.complete {
            try InlineExecution.complete { 20 } + 22
        }
        #expect(value == 42)
    }

    @Test func anEngineOverASynchronousStorageSavesAndReadsInlineFromAThreadOfItsOwn() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let owner = Principal.owner(source: try .owner(named: "Health"))
        let type = HKQuantityType(.stepCount)
        let sample = HKQuantitySample(
            type: type, quantity: HKQuantity(unit: .count(), doubleValue: 12), start: Date(timeIntervalSince1970: 0),
            end: Date(timeIntervalSince1970: 60))
        let read = try await Self.onAThreadOfItsOwn {
            try engine.blocking { try await $0.save([sample], as: owner) }
            return try engine.blocking { try await $0.samples(of: type, predicate: nil, as: owner) }.map(\.uuid)
        }
        #expect(read == [sample.uuid])
    }
}
