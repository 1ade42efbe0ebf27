import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Statistics and query descriptors survive a secure `NSKeyedArchiver` round trip with every figure and predicate.
@Suite struct StatisticsArchivingTests {
    /// The date of `HeartRate.sample(_:at: 0)`.
    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    static func archivedCopy<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    /// The statistics of two heart rates saved by the test app, separated by source.
    static func statistics() async throws -> HKStatistics {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        try await store.save([HeartRate.sample(60, at: 0), HeartRate.sample(80, at: 60)])
        let descriptor = HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: HeartRate.type),
            options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .separateBySource])
        return try #require(try await descriptor.result(for: store))
    }

    @Test func statisticsKeepTheirTypeIntervalAndFigures() async throws {
        let statistics = try await Self.statistics()
        let copy = try Self.archivedCopy(statistics)
        #expect(copy.quantityType == statistics.quantityType)
        #expect(copy.startDate == statistics.startDate && copy.endDate == statistics.endDate)
        #expect(copy.averageQuantity() == statistics.averageQuantity())
        #expect(copy.minimumQuantity()?.doubleValue(for: HeartRate.bpm) == 60)
        #expect(copy.maximumQuantity()?.doubleValue(for: HeartRate.bpm) == 80)
        #expect(copy.mostRecentQuantityDateInterval() == statistics.mostRecentQuantityDateInterval())
        #expect(copy.sumQuantity() == nil)
    }

    @Test func statisticsKeepEachSourcesFigures() async throws {
        let statistics = try await Self.statistics()
        let copy = try Self.archivedCopy(statistics)
        let source = try #require(statistics.sources?.first)
        #expect(copy.sources == statistics.sources)
        #expect(copy.averageQuantity(for: source) == statistics.averageQuantity(for: source))
        #expect(copy.mostRecentQuantity(for: source)?.doubleValue(for: HeartRate.bpm) == 80)
    }

    @Test func aQueryDescriptorKeepsItsTypeAndPredicate() throws {
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForSamples(withStart: Self.base, end: nil),
            NSCompoundPredicate(
                notPredicateWithSubpredicate: HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered)),
        ])
        let descriptor = HKQueryDescriptor(sampleType: HeartRate.type, predicate: predicate)
        let copy = try Self.archivedCopy(descriptor)
        #expect(copy == descriptor)
        #expect(copy.predicate == predicate)
    }

    @Test func anArchivedDescriptorQueriesTheSameSamples() async throws {
        let store = try await HeartRate.authorizedStore(database: TestStores.database())
        let early = HeartRate.sample(60, at: 0), late = HeartRate.sample(70, at: 600)
        try await store.save([early, late])
        let descriptor = HKQueryDescriptor(
            sampleType: HeartRate.type,
            predicate: HKQuery.predicateForSamples(withStart: Self.base.addingTimeInterval(300), end: nil))
        let copy = try Self.archivedCopy(descriptor)
        let query = HKSampleQueryDescriptor(
            predicates: [.sample(type: HeartRate.type, predicate: copy.predicate)], sortDescriptors: [])
        #expect(try await query.result(for: store).map(\.uuid) == [late.uuid])
    }

    @Test func aDescriptorWithoutAPredicateStaysWithout() throws {
        let copy = try Self.archivedCopy(HKQueryDescriptor(sampleType: HeartRate.type, predicate: nil))
        #expect(copy.predicate == nil)
        #expect(copy.sampleType == HeartRate.type)
    }
}
