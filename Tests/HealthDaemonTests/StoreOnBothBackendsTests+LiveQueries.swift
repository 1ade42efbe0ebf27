import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// Long-running queries on both backends: nothing saved after `execute` is missed, changes of the source priority
/// and of the app's decisions reach running statistics collection queries (and only them).
extension StoreOnBothBackendsTests {
    /// Each round executes an observer, an anchored query (from the anchor the previous round ended at) and a
    /// statistics collection query, and at once saves, from another app's store, a sample each must report.
    @Test(arguments: StoreBackend.allCases)
    func aSampleSavedRightAfterExecuteIsReportedByEveryRunningQuery(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let reader = try await world.authorizedStore(Apps.app("com.example.reader"), for: [heartRate])
            let writer = try await world.authorizedStore(Apps.app("com.example.writer"), for: [heartRate])
            let bpmOptions: HKStatisticsOptions = .discreteMax
            var anchor: HKQueryAnchor?
            for round in 0..<20 {
                let observed = Inbox<String>()
                let observer = observed.observerQuery(of: heartRate)
                let anchored = Inbox<AnchoredDelivery>()
                let anchoredQuery = anchored.anchoredQuery(of: heartRate, from: anchor)
                let maxima = Inbox<Double?>()
                let statistics = HKStatisticsCollectionQuery(
                    quantityType: heartRate, quantitySamplePredicate: nil, options: bpmOptions, anchorDate: Self.hour,
                    intervalComponents: DateComponents(day: 1))
                let maximum: @Sendable (HKStatisticsCollection?) -> Double? = { collection in
                    collection?.statistics().compactMap { $0.maximumQuantity()?.doubleValue(for: bpm) }.max()
                }
                statistics.initialResultsHandler = { _, collection, _ in maxima.post(maximum(collection)) }
                statistics.statisticsUpdateHandler = { _, _, collection, _ in maxima.post(maximum(collection)) }

                reader.execute(observer)
                reader.execute(anchoredQuery)
                reader.execute(statistics)
                let value = Double(100 + round)
                let saving = Task { try await writer.save(beat(value, at: Double(round))) }

                #expect(try await observed.next() == "changed", "round \(round)")
                var seen: [HKSample] = []
                while !seen.contains(where: { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: bpm) == value }) {
                    let delivery = try await anchored.next()
                    seen += delivery.samples
                    anchor = delivery.anchor ?? anchor
                }
                while try await maxima.next() != value {}
                try await saving.value
                reader.stop(observer)
                reader.stop(anchoredQuery)
                reader.stop(statistics)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func reorderingSourcesUpdatesRunningCollectionQueriesButWakesNoObserver(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let phone = try await phoneAndWatchSteps(world)

            let (query, inbox) = hourlyStepsFollowed()
            let observed = Inbox<String>()
            let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
                observed.post("changed")
                completion()
            }
            phone.execute(query)
            phone.execute(observer)
            #expect(try await inbox.next() == "initial 1000,300")

            // The watch counts first from now on: in the half hour both cover, its 300 steps replace the phone's 500.
            try await world.setSourcePriority(["com.example.watch", "com.example.phone"], for: steps)
            #expect(try await inbox.next() == "hour 0 800")
            try await world.setSourcePriority([], for: steps)
            #expect(try await inbox.next() == "hour 0 1000")
            #expect(try await inbox.rest().isEmpty)
            // Apple's observer queries hear samples only.
            #expect(try await observed.rest().isEmpty)

            phone.stop(query)
            phone.stop(observer)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func revokingTheReadGrantUpdatesRunningCollectionQueriesWithoutOthersData(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let phone = try await phoneAndWatchSteps(world)
            let (query, inbox) = hourlyStepsFollowed()
            phone.execute(query)
            #expect(try await inbox.next() == "initial 1000,300")

            // The user turns off the phone app's read switch: the watch's steps leave its figures at once.
            try await world.setGrants(
                [steps: Grant(share: .sharingAuthorized, read: .denied)], app: "com.example.phone")
            #expect(try await inbox.next() == "hour 1 nil")
            // Another app's decisions change nothing the phone app sees.
            try await world.setGrants(
                [steps: Grant(share: .sharingAuthorized, read: .denied)], app: "com.example.watch")
            #expect(try await inbox.rest().isEmpty)
            phone.stop(query)
        }
    }
}
