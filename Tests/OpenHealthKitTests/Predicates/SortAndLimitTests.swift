import Foundation
import Testing
import OpenHealthKit

/// Sort descriptors and limits of HKSampleQuery, applied by the store.
@Suite struct SortAndLimitTests {
    typealias D = PredicateDataset

    func masses(
        _ d: D, _ key: String, ascending: Bool, limit: Int = HKObjectQueryNoLimit, predicate: NSPredicate? = nil
    ) async throws -> [UUID] {
        try await Fetch.samples(
            d.store, d.mass, predicate: predicate, sort: [NSSortDescriptor(key: key, ascending: ascending)],
            limit: limit
        ).map(\.uuid)
    }

    @Test func byStartDate() async throws {
        let d = try await D.make()
        let ascending = [d.m4, d.m1, d.m5, d.m2, d.m3].map(\.uuid)
        #expect(try await masses(d, HKSampleSortIdentifierStartDate, ascending: true) == ascending)
        #expect(try await masses(d, HKSampleSortIdentifierStartDate, ascending: false) == ascending.reversed())
    }

    @Test func byEndDate() async throws {
        let d = try await D.make()
        let ascending = [d.m1, d.m5, d.m2, d.m3, d.m4].map(\.uuid)
        #expect(try await masses(d, HKSampleSortIdentifierEndDate, ascending: true) == ascending)
        #expect(try await masses(d, HKSampleSortIdentifierEndDate, ascending: false) == ascending.reversed())
    }

    @Test func byKeyPath() async throws {
        let d = try await D.make()
        let sorted = try await Fetch.samples(
            d.store, d.mass, sort: [NSSortDescriptor(keyPath: \HKSample.endDate, ascending: false)])
        #expect(sorted.map(\.uuid) == [d.m4, d.m3, d.m2, d.m5, d.m1].map(\.uuid))
    }

    @Test func aLimitKeepsTheFirstInOrder() async throws {
        let d = try await D.make()
        #expect(
            try await masses(d, HKSampleSortIdentifierStartDate, ascending: false, limit: 2)
                == [d.m3, d.m2].map(\.uuid))
        #expect(try await masses(d, HKSampleSortIdentifierEndDate, ascending: true, limit: 1) == [d.m1.uuid])
        let fromB = HKQuery.predicateForObjects(from: d.m3.sourceRevision.source)
        #expect(
            try await masses(d, HKSampleSortIdentifierStartDate, ascending: true, limit: 1, predicate: fromB) == [
                d.m4.uuid
            ])
        #expect(try await masses(d, HKSampleSortIdentifierStartDate, ascending: true, limit: 10).count == 5)
        #expect(try await Fetch.samples(d.store, d.mass, limit: 3).count == 3)
    }

    @Test func workoutsByDuration() async throws {
        let d = try await D.make()
        let sorted = try await Fetch.samples(
            d.store, .workoutType(), sort: [NSSortDescriptor(key: HKWorkoutSortIdentifierDuration, ascending: false)])
        #expect(sorted.map(\.uuid) == [d.longRun, d.ride, d.shortRun].map(\.uuid))
        let byDistance = try await Fetch.samples(
            d.store, .workoutType(),
            sort: [NSSortDescriptor(key: HKWorkoutSortIdentifierTotalDistance, ascending: true)])
        #expect(byDistance.map(\.uuid) == [d.shortRun, d.longRun, d.ride].map(\.uuid))
    }

    @Test func twoSortDescriptorsApplyInTurn() async throws {
        let d = try await D.make()
        let sleep = try await Fetch.samples(
            d.store, d.sleep,
            sort: [
                NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: false),
                NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true),
            ])
        #expect(sleep.map(\.uuid) == d.sleepStages.reversed().map(\.uuid))
    }

    @Test func anUnknownSortKeyIsAnInvalidArgument() async throws {
        let d = try await D.make()
        let error = await #expect(throws: HKError.self) { try await masses(d, "quantity", ascending: true) }
        #expect(error?.code == .errorInvalidArgument)
    }
}
