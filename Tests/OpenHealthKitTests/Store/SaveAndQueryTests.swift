import Foundation
import Testing
import OpenHealthKit

@Suite struct SaveAndQueryTests {
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    @Test func aSavedSampleComesBackInItsTypesCanonicalUnitStampedWithTheApp() async throws {
        let store = TestStores.store(database: TestStores.database())
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        let now = Date()
        let sample = HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 72), start: now, end: now)
        try await store.save(sample)
        #expect(sample.sourceRevision.source.bundleIdentifier == "com.example.app")

        let samples: [HKSample] = try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(
                sampleType: heartRate,
                predicate: HKQuery.predicateForSamples(
                    withStart: now.addingTimeInterval(-60), end: now.addingTimeInterval(60)),
                limit: HKObjectQueryNoLimit,
                sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
            ) { _, samples, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples ?? [])
                }
            }
            store.execute(query)
        }
        let stored = try #require(samples.first as? HKDiscreteQuantitySample)
        #expect(samples.count == 1)
        #expect(stored.uuid == sample.uuid)
        #expect(abs(stored.quantity.doubleValue(for: bpm) - 72) < 1e-9)
        #expect(stored.sourceRevision.version == "3")
        #expect(stored.sourceRevision.source.name == "app")
    }
}
