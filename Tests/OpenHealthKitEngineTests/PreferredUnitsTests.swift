import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitSQLite
import Testing

/// The engine's preferred units: the user's choice, else their locale's default.
struct PreferredUnitsTests {
    private let mass = HKQuantityType(.bodyMass), temperature = HKQuantityType(.bodyTemperature)
    private let distance = HKQuantityType(.distanceWalkingRunning), heartRate = HKQuantityType(.heartRate)

    @Test func defaultsFollowTheLocale() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
        let types: Set = [mass, temperature, distance, heartRate, HKQuantityType(.stepCount)]
        let us = try await engine.preferredUnits(for: types, as: owner, locale: Locale(identifier: "en_US"))
        #expect(
            us.mapValues(\.unitString) == [
                mass: "lb", temperature: "degF", distance: "mi", heartRate: "count/min",
                HKQuantityType(.stepCount): "count",
            ])
        let uk = try await engine.preferredUnits(for: types, as: owner, locale: Locale(identifier: "en_GB"))
        #expect(
            uk.mapValues(\.unitString) == [
                mass: "kg", temperature: "degC", distance: "mi", heartRate: "count/min",
                HKQuantityType(.stepCount): "count",
            ])
        let france = try await engine.preferredUnits(for: types, as: owner, locale: Locale(identifier: "fr_FR"))
        #expect(
            france.mapValues(\.unitString) == [
                mass: "kg", temperature: "degC", distance: "km", heartRate: "count/min",
                HKQuantityType(.stepCount): "count",
            ])
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
        #expect(
            UserLocale.current(environment: ["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"]).measurementSystem
                == .metric)
        #expect(UserLocale.current(environment: ["LC_ALL": "en_GB", "LANG": "en_US.UTF-8"]).measurementSystem == .uk)
        #expect(UserLocale.current(environment: ["LANG": "C.UTF-8"]).identifier == Locale.current.identifier)
    }

    @Test func theUsersChoiceWinsAndMustFitTheType() async throws {
        let engine = HealthEngine(storage: try SQLiteStorage())
        let owner = Principal.owner(source: try SourceRow.owner(named: "Health"))
        try await engine.setPreferredUnit(.stone(), for: mass)
        await #expect(
            try engine.preferredUnits(for: [mass], as: owner, locale: Locale(identifier: "en_US"))[mass]?.unitString
                == "st")
        await #expect(try engine.chosenUnits().mapValues(\.unitString) == [mass.identifier: "st"])
        let mismatched = await #expect(throws: HKError.self) { try await engine.setPreferredUnit(.meter(), for: mass) }
        #expect(mismatched?.code == .errorInvalidArgument)
        #expect(
            mismatched?.message.hasPrefix("m is not a unit of HKQuantityTypeIdentifierBodyMass") == true,
            "\(mismatched?.message ?? "")")
        try await engine.setPreferredUnit(nil, for: mass)
        await #expect(
            try engine.preferredUnits(for: [mass], as: owner, locale: Locale(identifier: "en_US"))[mass]?.unitString
                == "lb")
    }
}
