import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// The duration limits HealthKit puts on what an app saves (`HKSampleType.maximumAllowedDuration`,
/// `minimumAllowedDuration`, the types that may end at `Date.distantFuture`), on both backends: a save outside them
/// fails with `errorInvalidArgument` and HealthKit's message, and saves nothing.
extension StoreOnBothBackendsTests {
    static let durationStart = Date(timeIntervalSince1970: 1_700_000_000)

    func stepCount(_ value: Double, lasting duration: TimeInterval) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: value), start: Self.durationStart,
            end: Self.durationStart.addingTimeInterval(duration))
    }

    func category(_ identifier: HKCategoryTypeIdentifier, lasting duration: TimeInterval, value: Int = 0)
        -> HKCategorySample
    {
        HKCategorySample(
            type: HKCategoryType(identifier), value: value, start: Self.durationStart,
            end: duration.isInfinite ? .distantFuture : Self.durationStart.addingTimeInterval(duration))
    }

    @Test(arguments: StoreBackend.allCases)
    func aSampleLongerThanItsTypeAllowsIsRefusedAndItsBatchIsNotSaved(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [steps])
            let fourDays = stepCount(1000, lasting: 4 * 86_400), longer = stepCount(2000, lasting: 4 * 86_400 + 1)
            let error = await #expect(throws: HKError.self) { try await store.save([fourDays, longer]) }
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("exceed the maximum allowed duration for this sample type") == true)
            #expect(error?.message.contains("Maximum duration for type \(steps.identifier) is 345600.000000") == true)
            #expect(try await Fetch.samples(store, steps).isEmpty)
            try await store.save(fourDays)
            #expect(try await Fetch.samples(store, steps).map(\.uuid) == [fourDays.uuid])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aTypeWithALongerLimitSavesSamplesUpToIt(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let mindful = HKCategoryType(.mindfulSession)
            let store = try await world.authorizedStore(for: [mindful])
            try await store.save(category(.mindfulSession, lasting: 28 * 86_400))
            #expect(
                await failure { try await store.save(category(.mindfulSession, lasting: 29 * 86_400)) }
                    == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, mindful).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func onlyPregnancyLactationAndContraceptiveSamplesMayEndInTheDistantFuture(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let pregnancy = HKCategoryType(.pregnancy), headache = HKCategoryType(.headache)
            let store = try await world.authorizedStore(for: [pregnancy, headache])
            try await store.save(category(.pregnancy, lasting: .infinity))
            let stored = try #require(try await Fetch.samples(store, pregnancy).first)
            #expect(stored.hasUndeterminedDuration)
            let open = category(.headache, lasting: .infinity, value: HKCategoryValueSeverity.mild.rawValue)
            let error = await #expect(throws: HKError.self) { try await store.save(open) }
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("can not have endDate of NSDate.distantFuture") == true)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAudioExposureLevelMustLastAtLeastAMillisecond(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let audio = HKQuantityType(.environmentalAudioExposure)
            let store = try await world.authorizedStore(for: [audio])
            func level(lasting duration: TimeInterval) -> HKQuantitySample {
                HKQuantitySample(
                    type: audio, quantity: HKQuantity(unit: .decibelAWeightedSoundPressureLevel(), doubleValue: 61),
                    start: Self.durationStart, end: Self.durationStart.addingTimeInterval(duration))
            }
            let error = await #expect(throws: HKError.self) { try await store.save(level(lasting: 0)) }
            #expect(error?.code == .errorInvalidArgument)
            #expect(error?.message.contains("below the minimum allowed duration") == true)
            try await store.save(level(lasting: 60))
            #expect(try await Fetch.samples(store, audio).count == 1)
        }
    }
}
