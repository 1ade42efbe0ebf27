import Foundation
import Testing
import OpenHealthKit

/// Many concurrent calls from one app, on both backends.
extension StoreOnBothBackendsTests {
    /// 64 queries and 64 saves at once from one app, through completion handlers and Swift concurrency: all finish
    /// promptly, and while they wait the global dispatch queues stay free.
    @Test(arguments: StoreBackend.allCases)
    func manyConcurrentCallsFromOneAppFinishPromptly(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            try await store.save((0..<50).map { beat(60, at: Double($0)) })
            let started = ContinuousClock.now
            let answered = Locked(0)
            for _ in 0..<64 {
                store.execute(HKSampleQuery(sampleType: heartRate, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil) { _, samples, _ in
                    if samples?.count ?? 0 >= 50 { answered.withLock { $0 += 1 } }
                })
            }
            // Work on the global queues is not held up by calls waiting on the store.
            let globalQueue = Inbox<Duration>()
            let asked = ContinuousClock.now
            DispatchQueue.global().async { globalQueue.post(ContinuousClock.now - asked) }
            #expect(try await globalQueue.next(timeout: .seconds(30)) < .seconds(2))

            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask { try await store.save(beat(70, at: 1000 + Double(index))) }
                }
                try await group.waitForAll()
            }
            while answered.withLock({ $0 }) < 64, ContinuousClock.now - started < .seconds(60) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(answered.withLock { $0 } == 64)
            #expect(ContinuousClock.now - started < .seconds(20))
            #expect(try await Fetch.samples(store, heartRate).count == 114)
        }
    }
}
