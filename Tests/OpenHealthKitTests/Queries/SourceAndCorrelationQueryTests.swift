import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

@Suite struct SourceQueryTests {
    static func sources(_ store: HKHealthStore) async throws -> Set<HKSource> {
        let inbox = Inbox<Set<HKSource>>()
        store.execute(
            HKSourceQuery(sampleType: HeartRate.type, samplePredicate: nil) { _, sources, _ in inbox.post(sources ?? [])
            })
        return try await inbox.next()
    }

    @Test func listsTheSourcesOfTheSamplesTheAppCanRead() async throws {
        let database = TestStores.database()
        let reader = try await HeartRate.authorizedStore(app: "com.example.reader", database: database)
        let writer = try await HeartRate.authorizedStore(app: "com.example.writer", database: database)
        try await reader.save(HeartRate.sample(60))
        try await writer.save(HeartRate.sample(70, at: 60))
        #expect(
            Set(try await Self.sources(reader).map(\.bundleIdentifier)) == ["com.example.reader", "com.example.writer"])

        let denied = TestStores.store(app: TestStores.app("com.example.denied"), database: database) { request in
            AuthorizationAnswer(allowedToShare: request.toShare)
        }
        try await denied.requestAuthorization(toShare: [HeartRate.type], read: [HeartRate.type])
        #expect(try await Self.sources(denied).isEmpty)
        try await denied.save(HeartRate.sample(80, at: 120))
        #expect(try await Self.sources(denied).map(\.bundleIdentifier) == ["com.example.denied"])

        let descriptor = HKSourceQueryDescriptor(predicate: .quantitySample(type: HeartRate.type))
        let names = try await descriptor.result(for: reader).map(\.name)
        #expect(names == ["denied", "reader", "writer"])
    }
}

@Suite struct CorrelationQueryTests {
    let systolic = HKQuantityType(.bloodPressureSystolic), diastolic = HKQuantityType(.bloodPressureDiastolic)
    let bloodPressure = HKCorrelationType(.bloodPressure)

    func reading(_ high: Double, _ low: Double, at offset: TimeInterval) -> HKCorrelation {
        let date = Date(timeIntervalSince1970: 1_700_000_000 + offset)
        let mmHg = HKUnit.millimeterOfMercury()
        return HKCorrelation(
            type: bloodPressure, start: date, end: date,
            objects: [
                HKQuantitySample(
                    type: systolic, quantity: HKQuantity(unit: mmHg, doubleValue: high), start: date, end: date),
                HKQuantitySample(
                    type: diastolic, quantity: HKQuantity(unit: mmHg, doubleValue: low), start: date, end: date),
            ])
    }

    func correlations(
        _ store: HKHealthStore, predicate: NSPredicate? = nil, samplePredicates: [HKSampleType: NSPredicate]?
    ) async throws -> [HKCorrelation] {
        let inbox = Inbox<[HKCorrelation]>()
        store.execute(
            HKCorrelationQuery(type: bloodPressure, predicate: predicate, samplePredicates: samplePredicates) {
                _, correlations, error in
                #expect(error == nil)
                inbox.post(correlations ?? [])
            })
        return try await inbox.next()
    }

    @Test func returnsCorrelationsWhoseMembersMatchEveryMemberPredicate() async throws {
        let store = TestStores.store(database: TestStores.database())
        try await store.requestAuthorization(
            toShare: [systolic, diastolic], read: [systolic, diastolic, bloodPressure])
        let normal = reading(120, 80, at: 0), high = reading(150, 95, at: 60)
        try await store.save([normal, high])

        let all = try await correlations(store, samplePredicates: nil)
        #expect(Set(all.map(\.uuid)) == [normal.uuid, high.uuid])
        #expect(all.allSatisfy { $0.objects.count == 2 })

        let mmHg = HKUnit.millimeterOfMercury()
        let hypertensive = HKQuery.predicateForQuantitySamples(
            with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: mmHg, doubleValue: 140))
        #expect(try await correlations(store, samplePredicates: [systolic: hypertensive]).map(\.uuid) == [high.uuid])

        let lowDiastolic = HKQuery.predicateForQuantitySamples(
            with: .lessThan, quantity: HKQuantity(unit: mmHg, doubleValue: 90))
        #expect(
            try await correlations(store, samplePredicates: [systolic: hypertensive, diastolic: lowDiastolic]).isEmpty)

        let early = HKQuery.predicateForSamples(
            withStart: normal.startDate, end: normal.startDate.addingTimeInterval(30), options: .strictStartDate)
        #expect(try await correlations(store, predicate: early, samplePredicates: nil).map(\.uuid) == [normal.uuid])
    }
}
