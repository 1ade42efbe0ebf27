import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// `HKUserPreferencesDidChange` on both backends: a store that read preferred units posts it, with itself as the
/// object, when the user changes one, here or in another process (through healthd: healthd's own process, which
/// hears the change made on its store file).
extension StoreOnBothBackendsTests {
    @Test(arguments: StoreBackend.allCases)
    func aStoreThatReadPreferredUnitsPostsUserPreferencesDidChangeWhenTheUserChangesOne(_ backend: StoreBackend)
        async throws
    {
        try await withWorld(backend) { world in
            let mass = HKQuantityType(.bodyMass)
            let store = try await world.authorizedStore(for: [mass])
            let before = try await store.preferredUnits(for: [mass])[mass]
            let posted = Inbox<Bool>()
            let observer = NotificationCenter.default.addObserver(
                forName: .HKUserPreferencesDidChange, object: store, queue: nil
            ) { notification in
                posted.post(notification.object as AnyObject === store)
            }
            defer { NotificationCenter.default.removeObserver(observer) }

            let chosen: HKUnit = before == .pound() ? .gramUnit(with: .kilo) : .pound()
            try await world.setPreferredUnit(chosen, for: mass)
            #expect(try await posted.next())
            #expect(try await store.preferredUnits(for: [mass])[mass] == chosen)
        }
    }

    @Test func theNotificationHasHealthKitsName() {
        #expect(NSNotification.Name.HKUserPreferencesDidChange.rawValue == "HKUserPreferencesDidChangeNotification")
    }
}
