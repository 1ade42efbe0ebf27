import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// `HKHealthStore()` reaches a healthd named by the environment, with no code change in the app.
@Suite struct RemoteConfigurationTests {
    @Test func theEnvironmentNamesTheDaemonAndTheCredential() async throws {
        let daemon = try await DaemonHarness.launch()
        do {
            let credential = try await daemon.register(Apps.app())
            // An environment of its own: setenv in a test process whose other threads spawn processes is undefined.
            let configuration = HealthStoreConfiguration.fromEnvironment([
                "OPENHEALTHKIT_HEALTHD": daemon.address.absoluteString, "OPENHEALTHKIT_CREDENTIAL": credential,
            ])
            #expect(
                configuration.remote == HealthStoreConfiguration.Remote(address: daemon.address, credential: credential)
            )

            daemon.answerRequests(of: "com.example.app", with: AuthorizationAnswer.allowAll)
            let store = HKHealthStore(configuration: configuration)
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save(
                HKQuantitySample(
                    type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 12), start: Date(), end: Date()))
            #expect(try await Fetch.samples(store, steps).count == 1)
        } catch {
            try? await daemon.stop()
            throw error
        }
        try await daemon.stop()
    }

    @Test func anUnreachableDaemonIsAnInaccessibleDatabase() async throws {
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(
                remote: .init(address: URL(string: "http://127.0.0.1:9")!, credential: "x")))
        #expect(
            await failure { _ = try await Fetch.samples(store, HKQuantityType(.heartRate)) }
                == .errorDatabaseInaccessible)
        #expect(store.authorizationStatus(for: HKQuantityType(.heartRate)) == .notDetermined)
    }
}
