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
            try await store.save((0..<500).map { beat(60, at: Double($0)) })
            let answered = Locked(0)
            for _ in 0..<64 {
                store.execute(
                    HKSampleQuery(
                        sampleType: heartRate, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil
                    ) { _, samples, _ in
                        if samples?.count ?? 0 >= 500 { answered.withLock { $0 += 1 } }
                    })
            }
            // Work on the global queues is not held up by calls waiting on the store. Held up, it would run only
            // once every query was answered; free, it runs at once, while 64 reads of 500 samples are still under
            // way. Counted in answers, not seconds: a busy machine slows both sides alike.
            let globalQueue = Inbox<Int>()
            DispatchQueue.global().async { globalQueue.post(answered.withLock { $0 }) }
            let answeredBeforeGlobalWork = try await globalQueue.next()
            #expect(answeredBeforeGlobalWork < 64, "the global queue ran only once every query was answered")

            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<64 {
                    group.addTask { try await store.save(beat(70, at: 500 + Double(index))) }
                }
                try await group.waitForAll()
            }
            try await waitUntil("64 queries answered") { answered.withLock { $0 } == 64 }
            #expect(answered.withLock { $0 } == 64)
            #expect(try await Fetch.samples(store, heartRate).count == 564)
        }
    }
}
