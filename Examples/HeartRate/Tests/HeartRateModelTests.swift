import Foundation
import Testing
@testable import HeartRate
@testable import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitTesting

/// The heart-rate model against an embedded in-memory store, whose permission sheets a rule answers.
@Suite struct HeartRateModelTests {
    static let app = AppManifest(
        bundleIdentifier: "org.openhealthkit.example.heartrate", name: "Heart Rate",
        updateUsageDescription: "Heart Rate stores the heart rates you record in Health.")

    let database = HealthStoreConfiguration.Location.memory(name: UUID().uuidString)

    func model(allow: Bool = true, checkingEvery interval: TimeInterval = 60) -> HeartRateModel {
        let answer: @Sendable (AuthorizationRequest) -> AuthorizationAnswer = { request in
            allow ? AuthorizationAnswer.allowAll(request) : AuthorizationAnswer.denyAll
        }
        let store = HKHealthStore(
            configuration: HealthStoreConfiguration(location: database, app: Self.app, answerer: RuleAnswerer(answer)))
        return HeartRateModel(healthStore: store, authorizationCheckInterval: interval)
    }

    func storedHeartRates() async throws -> [HKQuantitySample] {
        let store = HKHealthStore(configuration: HealthStoreConfiguration(location: database, app: Self.app))
        return try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate))], sortDescriptors: []
        ).result(for: store)
    }

    @Test func activationAsksToWriteHeartRatesAndEnablesRecordingWhenAllowed() async throws {
        let model = model()
        let events = EventRecorder(model)
        #expect(!model.enabled)
        await model.activate()
        #expect(model.enabled)
        #expect(await events.wait { $0 == [.enabledChanged(true)] })
        model.deactivate()
    }

    @Test func deniedRecordingStaysDisabledAndASaveIsRefused() async throws {
        let model = model(allow: false)
        await model.activate()
        #expect(!model.enabled)
        await model.record(text: "72")
        #expect(model.errorMessage?.hasPrefix("Could not store the heart rate:") == true)
        #expect(try await storedHeartRates().isEmpty)
        model.deactivate()
    }

    @Test func recordingSavesAHeartRateSampleAtOneInstant() async throws {
        let model = model()
        await model.activate()
        let events = EventRecorder(model)
        let before = Date()
        await model.record(text: " 72 ", sensorLocation: .chest)
        #expect(await events.wait { $0.last == .heartRateStored(beatsPerMinute: 72) })
        #expect(model.errorMessage == nil)
        let samples = try await storedHeartRates()
        try #require(samples.count == 1)
        let sample = samples[0]
        #expect(sample.quantity.doubleValue(for: HeartRateModel.beatsPerMinute) == 72)
        #expect(sample.startDate == sample.endDate && sample.startDate >= before.addingTimeInterval(-1))
        #expect(
            (sample.metadata?[HKMetadataKeyHeartRateSensorLocation] as? NSNumber)?.intValue
                == HKHeartRateSensorLocation.chest.rawValue)
        #expect(sample.sourceRevision.source.bundleIdentifier == Self.app.bundleIdentifier)
        model.deactivate()
    }

    @Test(arguments: [
        ("abc", "Enter a number of beats per minute, such as 72."),
        ("", "Enter a number of beats per minute, such as 72."),
        ("nan", "Enter a number of beats per minute, such as 72."),
        ("-5", "Enter a heart rate between 1 and 300 beats per minute."),
        ("0", "Enter a heart rate between 1 and 300 beats per minute."),
        ("1000", "Enter a heart rate between 1 and 300 beats per minute."),
        ("72.5", "Enter a whole number of beats per minute, such as 72."),
    ])
    func badEntriesAreRefusedWithAMessageAndStoreNothing(text: String, message: String) async throws {
        let model = model()
        await model.activate()
        let events = EventRecorder(model)
        await model.record(text: text)
        #expect(model.errorMessage == message)
        #expect(await events.wait { $0 == [.errorMessageChanged(message)] })
        #expect(try await storedHeartRates().isEmpty)
        // The next attempt starts afresh: the message is cleared, then the sample stored.
        await model.record(text: "64")
        #expect(model.errorMessage == nil)
        #expect(
            await events.wait { $0.suffix(2) == [.errorMessageChanged(nil), .heartRateStored(beatsPerMinute: 64)] })
        model.deactivate()
    }

    @Test func aQuantityInAnotherUnitIsRefused() async throws {
        let model = model()
        await model.activate()
        await model.storeHeartRate(HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 72))
        #expect(model.errorMessage == "A heart rate is counted in beats per minute (count/min).")
        #expect(try await storedHeartRates().isEmpty)
        model.deactivate()
    }

    @Test func aRevocationInHealthDisablesRecordingWithoutARestartAndAGrantEnablesItAgain() async throws {
        let model = model(checkingEvery: 0.05)
        let events = EventRecorder(model)
        await model.activate()
        #expect(model.enabled)
        let engine = try EngineRegistry.engine(for: database)
        try await engine.revokeAll(app: Self.app.bundleIdentifier)
        // Any history that ends disabled: the periodic check may have reported "enabled" again before the revocation.
        #expect(await events.wait { $0.last == .enabledChanged(false) })
        #expect(!model.enabled)
        try await engine.setGrants(
            [HeartRateModel.heartRateType.identifier: Grant(share: .sharingAuthorized)], app: Self.app.bundleIdentifier)
        #expect(await events.wait { $0.last == .enabledChanged(true) })
        model.deactivate()
    }

    @Test func aSaveRefusedForWantOfPermissionDisablesRecordingAtOnce() async throws {
        let model = model()  // no periodic check within the test
        let events = EventRecorder(model)
        await model.activate()
        try await EngineRegistry.engine(for: database).revokeAll(app: Self.app.bundleIdentifier)
        await model.record(text: "72")
        #expect(!model.enabled)
        #expect(await events.wait { $0.contains(.enabledChanged(false)) })
        model.deactivate()
    }

    @Test func everyFollowerGetsEveryEvent() async throws {
        let model = model()
        let first = EventRecorder(model), second = EventRecorder(model)
        await model.activate()
        await model.record(text: "80")
        let expected: [HeartRateModel.Event] = [.enabledChanged(true), .heartRateStored(beatsPerMinute: 80)]
        #expect(await first.wait { $0 == expected })
        #expect(await second.wait { $0 == expected })
        model.deactivate()
    }
}

/// Collects a model's events from the moment it is made.
final class EventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [HeartRateModel.Event] = []

    init(_ model: HeartRateModel) {
        let stream = model.events()
        Task { [self] in
            for await event in stream { lock.withLock { events.append(event) } }
        }
    }

    /// Whether the events received come to satisfy `condition` (false only after ``SafetyTimeout/duration``).
    func wait(until condition: ([HeartRateModel.Event]) -> Bool) async -> Bool {
        (try? await waitUntil("the model's events") { lock.withLock { condition(events) } }) != nil
    }
}
