import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitWire
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `preferredUnits(for:)` of `HKHealthStore`: an app must have asked for access to each type first. Embedded, and
/// remote through healthd. (The engine's choice of units: OpenHealthKitEngineTests' `PreferredUnitsTests`.)
struct PreferredUnitsTests {
    private let mass = HKQuantityType(.bodyMass), heartRate = HKQuantityType(.heartRate)

    private static func app(_ bundleIdentifier: String = "com.example.units") -> AppManifest {
        AppManifest(
            bundleIdentifier: bundleIdentifier, name: "Units", shareUsageDescription: "Reads.",
            updateUsageDescription: "Writes.")
    }

    @Test func anEmbeddedAppMustHaveAskedForEveryType() async throws {
        let location = HealthStoreConfiguration.Location.memory(name: UUID().uuidString)
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(
                location: location, app: Self.app(), answerer: RuleAnswerer { _ in .denyAll }))
        let unasked = await #expect(throws: HKError.self) { try await store.preferredUnits(for: [mass]) }
        #expect(unasked?.code == .errorAuthorizationNotDetermined)
        // Asked and denied still counts as asked: the units are not health data.
        try await store.requestAuthorization(toShare: [], read: [mass])
        try await EngineRegistry.engine(for: location).setPreferredUnit(.gramUnit(with: .kilo), for: mass)
        #expect(try await store.preferredUnits(for: [mass]) == [mass: .gramUnit(with: .kilo)])
        let viaCompletion = await withCheckedContinuation { continuation in
            store.preferredUnits(for: [mass, heartRate]) { units, error in
                continuation.resume(returning: (units.isEmpty, (error as? HKError)?.code))
            }
        }
        #expect(viaCompletion == (true, .errorAuthorizationNotDetermined))
    }
}

extension HealthdBacked {
    /// A remote store asks healthd, which answers with the owner's units.
    @Suite struct RemotePreferredUnitsTests {
        private let mass = HKQuantityType(.bodyMass)

        @Test func aRemoteAppGetsTheOwnersUnitsFromHealthd() async throws {
            let daemon = try await TestDaemon.start()
            do {
                let credential = try await daemon.register(
                    AppManifest(bundleIdentifier: "com.example.remote-units", name: "Units"))
                let store = HKHealthStore(
                    configuration: HealthStoreConfiguration(
                        remote: .init(address: daemon.address, credential: credential)))
                do {
                    _ = try await store.preferredUnits(for: [mass])
                    Issue.record("an app that never asked got units")
                } catch let error as HKError {
                    #expect(error.code == .errorAuthorizationNotDetermined)
                }
                try await daemon.engine.setGrants(
                    [mass.identifier: Grant(share: .sharingDenied, read: .authorized)], app: "com.example.remote-units")
                try await daemon.engine.setPreferredUnit(.pound(), for: mass)
                #expect(try await store.preferredUnits(for: [mass]) == [mass: .pound()])
            } catch {
                try await daemon.stop()
                throw error
            }
            try await daemon.stop()
        }
    }
}
