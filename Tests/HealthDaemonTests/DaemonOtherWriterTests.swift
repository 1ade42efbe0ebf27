import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// Another process writing to the store file healthd serves (an embedded app, `hk`, an import): the apps connected to
/// healthd hear it as they hear each other's saves.
@Suite struct DaemonOtherWriterTests {
    let heartRate = HKQuantityType(.heartRate)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    @Test func runningQueriesOfAnAppOfHealthdHearASaveMadeByAnEmbeddedStoreOnTheSameFile() async throws {
        let daemon = try await DaemonHarness.launch()
        let world = StoreWorld(daemon: daemon)
        do {
            let reader = try await world.authorizedStore(Apps.app("com.example.reader"), for: [heartRate])
            let observed = Inbox<String>()
            let observer = observed.observerQuery(of: heartRate)
            let anchored = Inbox<AnchoredDelivery>()
            let anchoredQuery = anchored.anchoredQuery(of: heartRate, from: nil)
            reader.execute(observer)
            reader.execute(anchoredQuery)
            #expect(try await anchored.next().samples.isEmpty)
            _ = try await observed.rest()

            // This test process is the other writer: an app's store embedded on healthd's file.
            let embedded = HKHealthStore(
                configuration: HealthStoreConfiguration(
                    location: .file(daemon.storePath), app: Apps.app("com.example.scale"),
                    answerer: RuleAnswerer(AuthorizationAnswer.allowAll)))
            try await embedded.requestAuthorization(toShare: [heartRate], read: [heartRate])
            let date = Date(timeIntervalSince1970: 1_700_000_000)
            try await embedded.save(
                HKQuantitySample(
                    type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 72), start: date, end: date))

            // Heard with no further action of the reader's (healthd's poll of its file found the commit).
            #expect(try await observed.next() == "changed")
            let delivery = try await anchored.next()
            #expect(delivery.samples.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: bpm) } == [72])
            #expect(delivery.samples.first?.sourceRevision.source.bundleIdentifier == "com.example.scale")
            reader.stop(observer)
            reader.stop(anchoredQuery)
            EngineRegistry.close(.file(daemon.storePath))
        } catch {
            EngineRegistry.close(.file(daemon.storePath))
            try? await world.close()
            throw error
        }
        try await world.close()
    }
}
