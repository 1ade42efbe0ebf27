import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

@Suite struct QueryDescriptorTests {
    @Test func sampleQueryDescriptorSortsByKeyPathAndLimits() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let samples = [HeartRate.sample(60, at: 0), HeartRate.sample(70, at: 120), HeartRate.sample(65, at: 60)]
        try await store.save(samples)

        let latestTwo = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type)],
            sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 2)
        let result: [HKQuantitySample] = try await latestTwo.result(for: store)
        #expect(result.map(\.uuid) == [samples[1].uuid, samples[2].uuid])

        let byStart = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type)], sortDescriptors: [SortDescriptor(\.startDate)])
        #expect(
            try await byStart.result(for: store).map(\.uuid) == [samples[0].uuid, samples[2].uuid, samples[1].uuid])
    }

    @Test func sampleQueryDescriptorMergesSeveralTypesInOrder() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let steps = HKQuantityType(.stepCount)
        let date = Date(timeIntervalSince1970: 1_700_000_000 + 30)
        let walk = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 100), start: date, end: date)
        let early = HeartRate.sample(60, at: 0), late = HeartRate.sample(61, at: 60)
        try await store.save([late, walk, early])

        let descriptor = HKSampleQueryDescriptor(
            predicates: [.sample(type: HeartRate.type), .sample(type: steps)],
            sortDescriptors: [SortDescriptor(\.startDate)], limit: 2)
        let merged: [HKSample] = try await descriptor.result(for: store)
        #expect(merged.map(\.uuid) == [early.uuid, walk.uuid])
    }

    @Test func sampleQueryDescriptorSortsInMemoryByOtherKeys() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let samples = [HeartRate.sample(60, at: 0), HeartRate.sample(70, at: 60)]
        try await store.save(samples)
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type)],
            sortDescriptors: [SortDescriptor(\.count), SortDescriptor(\.startDate, order: .reverse)], limit: 1)
        #expect(try await descriptor.result(for: store).map(\.uuid) == [samples[1].uuid])
    }

    @Test func anchoredDescriptorReadsOnceAndResumes() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let first = HeartRate.sample(60)
        try await store.save(first)
        let initial = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type)], anchor: nil
        ).result(for: store)
        #expect(initial.addedSamples.map(\.uuid) == [first.uuid])

        let second = HeartRate.sample(70, at: 60)
        try await store.save(second)
        try await store.delete(first)
        let next = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type)], anchor: initial.newAnchor
        )
        .result(for: store)
        #expect(next.addedSamples.map(\.uuid) == [second.uuid])
        #expect(next.deletedObjects.map(\.uuid) == [first.uuid])
    }

    @Test func anchoredDescriptorSequencePagesThenKeepsDeliveringUntilCancelled() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let backlog = (0..<3).map { HeartRate.sample(Double(60 + $0), at: Double($0) * 60) }
        try await store.save(backlog)

        let inbox = Inbox<[UUID]>()
        let descriptor = HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type)], anchor: nil, limit: 2)
        let task = Task {
            for try await result in descriptor.results(for: store) {
                inbox.post(result.addedSamples.map(\.uuid) + result.deletedObjects.map(\.uuid))
            }
            inbox.post([])
        }
        #expect(try await inbox.next() == [backlog[0].uuid, backlog[1].uuid])
        #expect(try await inbox.next() == [backlog[2].uuid])

        let later = HeartRate.sample(80, at: 600)
        try await store.save(later)
        #expect(try await inbox.next() == [later.uuid])
        try await store.delete(backlog[0])
        #expect(try await inbox.next() == [backlog[0].uuid])

        task.cancel()
        #expect(try await inbox.next() == [], "the sequence ends when its task is cancelled")
        try await store.save(HeartRate.sample(90, at: 900))
        #expect(try await inbox.rest().isEmpty)
    }

    @Test func anchoredDescriptorSequenceThrowsForAnInvalidPredicate() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let descriptor = HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: HeartRate.type, predicate: NSPredicate { _, _ in true })], anchor: nil)
        let error = await #expect(throws: HKError.self) {
            for try await _ in descriptor.results(for: store) {}
        }
        #expect(error?.code == .errorInvalidArgument)
    }
}

@Suite struct QueryAnchorTests {
    @Test func anchorsCompareByValueAndSurviveArchiving() throws {
        #expect(HKQueryAnchor(fromValue: 5) == HKQueryAnchor(fromValue: 5))
        #expect(HKQueryAnchor(fromValue: 5) != HKQueryAnchor(fromValue: 6))
        #expect(HKQueryAnchor(fromValue: Int(HKAnchoredObjectQueryNoAnchor)).value == 0)

        let anchor = HKQueryAnchor(fromValue: 42)
        let data = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
        let restored = try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
        #expect(restored == anchor)
    }
}
