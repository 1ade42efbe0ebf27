import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Many concurrent calls from one app, on both backends.
extension StoreOnBothBackendsTests {
    /// 64 queries and 64 saves at once from one app, through completion handlers and Swift concurrency: all finish
    /// promptly, and while they wait the global dispatch queues stay free.
    @Test(arguments: StoreBackend.allCases)
    func manyConcurrentCallsFromOneAppFinishPromptly(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            try await store.save((0..<50).map { beat(60, at: Double($0)) })
            let answered = Locked(0)
            for _ in 0..<64 {
                store.execute(
                    HKSampleQuery(
                        sampleType: heartRate, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
                    ) { _, samples, _ in
                        if samples?.count ?? 0 >= 50 { answered.withLock { $0 += 1 } }
                    })
            }
            // Work on the global queues is not held up by calls waiting on the store.
            // Held up, it would run only once every query was answered; free, it runs at once. (A wall-clock bound
            // alone fails on a busy machine, where "at once" can take seconds.)
            let globalQueue = Inbox<(latency: Duration, answered: Int)>()
            let asked = ContinuousClock.now
            DispatchQueue.global().async { globalQueue.post((ContinuousClock.now - asked, answered.withLock { $0 })) }
            let ran = try await globalQueue.next()
            #expect(
                ran.answered < 64 || ran.latency < .seconds(2),
                "ran after \(ran.latency), when all queries were answered")

            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask { try await store.save(beat(70, at: 1000 + Double(index))) }
                }
                try await group.waitForAll()
            }
            try await waitUntil("64 queries answered") { answered.withLock { $0 } == 64 }
            #expect(answered.withLock { $0 } == 64)
            #expect(try await Fetch.samples(store, heartRate).count == 114)
        }
    }
}
