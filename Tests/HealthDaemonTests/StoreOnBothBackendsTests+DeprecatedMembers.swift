import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// HealthKit's deprecated store and query members, still behaving, on both backends.
extension StoreOnBothBackendsTests {
    @Test(arguments: StoreBackend.allCases) @available(*, deprecated)
    func dateOfBirthIsTheStartOfTheBirthdayInTheGregorianCalendar(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.store()
            let dateOfBirth = HKCharacteristicType(.dateOfBirth)
            #expect(failure { _ = try store.dateOfBirth() } == .errorAuthorizationNotDetermined)
            try await store.requestAuthorization(toShare: [], read: [dateOfBirth])
            #expect(failure { _ = try store.dateOfBirth() } == .errorNoData)

            try await world.setCharacteristic(.dateOfBirth, "1980-04-12")
            let expected = Calendar(identifier: .gregorian).date(
                from: DateComponents(year: 1980, month: 4, day: 12))
            #expect(try store.dateOfBirth() == expected)
        }
    }

    @Test(arguments: StoreBackend.allCases) @available(*, deprecated)
    func theIntegerAnchoredQueryReadsTheSamplesAfterItsAnchor(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [heartRate])
            let first = beat(60), second = beat(70, at: 60)
            try await store.save([first, second])
            let inbox = Inbox<(uuids: Set<UUID>, anchor: Int, error: HKError?)>()
            func read(after anchor: Int) -> HKAnchoredObjectQuery {
                HKAnchoredObjectQuery(type: heartRate, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit) {
                    _, samples, newAnchor, error in
                    inbox.post((Set((samples ?? []).map(\.uuid)), newAnchor, error as? HKError))
                }
            }
            store.execute(read(after: Int(HKAnchoredObjectQueryNoAnchor)))
            let all = try await inbox.next()
            #expect(all.error == nil && all.uuids == [first.uuid, second.uuid])
            #expect(all.anchor > 0)

            let third = beat(80, at: 120)
            try await store.save(third)
            store.execute(read(after: all.anchor))
            let later = try await inbox.next()
            #expect(later.uuids == [third.uuid] && later.anchor > all.anchor)
            store.execute(read(after: later.anchor))
            let none = try await inbox.next()
            #expect(none.uuids.isEmpty && none.anchor == later.anchor)
        }
    }
}
