import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitWire
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `preferredUnits(for:)`: the user's choice, else their locale's default; an app must have asked for access to
/// each type first. Embedded through the engine, remote through healthd.
struct PreferredUnitsTests {
    private let mass = HKQuantityType(.bodyMass), temperature = HKQuantityType(.bodyTemperature)
    private let distance = HKQuantityType(.distanceWalkingRunning), heartRate = HKQuantityType(.heartRate)

    private static func app(_ bundleIdentifier: String = "com.example.units") -> AppManifest {
        AppManifest(
            bundleIdentifier: bundleIdentifier, name: "Units", shareUsageDescription: "Reads.", updateUsageDescription: "Writes.")
    }

    @Test func defaultsFollowTheLocale() throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
        let types: Set = [mass, temperature, distance, heartRate, HKQuantityType(.stepCount)]
        let us = try engine.preferredUnits(for: types, as: owner, locale: Locale(identifier: "en_US"))
        #expect(us.mapValues(\.unitString) == [mass: "lb", temperature: "degF", distance: "mi", heartRate: "count/min", HKQuantityType(.stepCount): "count"])
        let uk = try engine.preferredUnits(for: types, as: owner, locale: Locale(identifier: "en_GB"))
        #expect(uk.mapValues(\.unitString) == [mass: "kg", temperature: "degC", distance: "mi", heartRate: "count/min", HKQuantityType(.stepCount): "count"])
        let france = try engine.preferredUnits(for: types, as: owner, locale: Locale(identifier: "fr_FR"))
        #expect(france.mapValues(\.unitString) == [mass: "kg", temperature: "degC", distance: "km", heartRate: "count/min", HKQuantityType(.stepCount): "count"])
    }

    @Test func everyDefaultIsAUnitOfItsType() throws {
        for descriptor in HealthKitCatalog.quantityTypes {
            let type = HKQuantityType(descriptor.identifier)
            for system in [Locale.MeasurementSystem.us, .uk, .metric] {
                let unit = PreferredUnitDefaults.unit(for: type, measurementSystem: system)
                #expect(unit.isCompatible(with: type.canonicalUnit), "\(descriptor.name): \(unit.unitString)")
            }
        }
    }

    @Test func theLocaleComesFromTheEnvironment() {
        #expect(UserLocale.current(environment: ["LANG": "en_US.UTF-8"]).measurementSystem == .us)
        #expect(UserLocale.current(environment: ["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"]).measurementSystem == .metric)
        #expect(UserLocale.current(environment: ["LC_ALL": "en_GB", "LANG": "en_US.UTF-8"]).measurementSystem == .uk)
        #expect(UserLocale.current(environment: ["LANG": "C.UTF-8"]).identifier == Locale.current.identifier)
    }

    @Test func theUsersChoiceWinsAndMustFitTheType() throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
        try engine.setPreferredUnit(.stone(), for: mass)
        #expect(try engine.preferredUnits(for: [mass], as: owner, locale: Locale(identifier: "en_US"))[mass]?.unitString == "st")
        #expect(try engine.chosenUnits().mapValues(\.unitString) == [mass.identifier: "st"])
        #expect(throws: HKError.self) { try engine.setPreferredUnit(.meter(), for: mass) }
        try engine.setPreferredUnit(nil, for: mass)
        #expect(try engine.preferredUnits(for: [mass], as: owner, locale: Locale(identifier: "en_US"))[mass]?.unitString == "lb")
    }

    @Test func anEmbeddedAppMustHaveAskedForEveryType() async throws {
        let location = HealthStoreConfiguration.Location.memory(name: UUID().uuidString)
        let store = HKHealthStore(configuration: HealthStoreConfiguration(
            location: location, app: Self.app(), answerer: RuleAnswerer { _ in .denyAll }))
        await #expect(throws: HKError.self) { try await store.preferredUnits(for: [mass]) }
        // Asked and denied still counts as asked: the units are not health data.
        try await store.requestAuthorization(toShare: [], read: [mass])
        try EngineRegistry.engine(for: location).setPreferredUnit(.gramUnit(with: .kilo), for: mass)
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
                let credential = try await daemon.register(AppManifest(bundleIdentifier: "com.example.remote-units", name: "Units"))
                let store = HKHealthStore(configuration: HealthStoreConfiguration(remote: .init(address: daemon.address, credential: credential)))
                do {
                    _ = try await store.preferredUnits(for: [mass])
                    Issue.record("an app that never asked got units")
                } catch let error as HKError {
                    #expect(error.code == .errorAuthorizationNotDetermined)
                }
                try daemon.engine.setGrants([mass.identifier: Grant(share: .sharingDenied, read: .authorized)], app: "com.example.remote-units")
                try daemon.engine.setPreferredUnit(.pound(), for: mass)
                #expect(try await store.preferredUnits(for: [mass]) == [mass: .pound()])
            } catch {
                try await daemon.stop()
                throw error
            }
            try await daemon.stop()
        }
    }
}
