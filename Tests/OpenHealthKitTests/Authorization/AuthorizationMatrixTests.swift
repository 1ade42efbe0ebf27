import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine

/// Every combination of the user's share and read decisions, seen by the app and by another app on the same store:
/// what may be saved, what each app reads back, and what `authorizationStatus` tells.
@Suite struct AuthorizationMatrixTests {
    enum Decision: String, CaseIterable, Sendable {
        case authorized, denied, undetermined
    }

    static let heartRate = HKQuantityType(.heartRate)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    static func reading(_ value: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: value), start: Date(), end: Date())
    }

    /// The sheet's answer for a combination: each switch on or off as the decision says.
    static func answer(share: Decision, read: Decision) -> @Sendable (AuthorizationRequest) -> AuthorizationAnswer {
        { request in
            AuthorizationAnswer(
                allowedToShare: share == .authorized ? request.toShare : [],
                allowedToRead: read == .authorized ? request.toRead : [])
        }
    }

    @Test(arguments: Decision.allCases, [Decision.authorized, .denied])
    func eachCombinationOfDecisions(share: Decision, read: Decision) async throws {
        let harness = try StoreHarness()
        let other = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [Self.heartRate])
        let othersSample = Self.reading(60)
        try await other.save(othersSample)

        let app = harness.store(answerer: RuleAnswerer(Self.answer(share: share, read: read)))
        try await app.requestAuthorization(
            toShare: share == .undetermined ? [] : [Self.heartRate], read: [Self.heartRate])

        // Share: the status tells exactly the share decision, whatever the read decision.
        let expectedStatus: HKAuthorizationStatus =
            switch share {
            case .authorized: .sharingAuthorized
            case .denied: .sharingDenied
            case .undetermined: .notDetermined
            }
        #expect(app.authorizationStatus(for: Self.heartRate) == expectedStatus)

        let ownSample = Self.reading(70)
        switch share {
        case .authorized:
            try await app.save(ownSample)
        case .denied:
            let error = await #expect(throws: HKError.self) { try await app.save(ownSample) }
            #expect(error?.code == .errorAuthorizationDenied)
            #expect(error?.errorCode == 4)
        case .undetermined:
            let error = await #expect(throws: HKError.self) { try await app.save(ownSample) }
            #expect(error?.code == .errorAuthorizationNotDetermined)
            #expect(error?.errorCode == 5)
        }

        // Read: never an error; a denial only narrows what the app sees to what it saved itself.
        var expectedOwnView: Set<UUID> = share == .authorized ? [ownSample.uuid] : []
        if read == .authorized { expectedOwnView.insert(othersSample.uuid) }
        #expect(try await Fetch.uuids(app, Self.heartRate) == expectedOwnView)

        // The other app (allowed to read) sees everything that was saved, and nothing that was refused.
        let saved: Set<UUID> = share == .authorized ? [othersSample.uuid, ownSample.uuid] : [othersSample.uuid]
        #expect(try await Fetch.uuids(other, Self.heartRate) == saved)
    }

    @Test(arguments: [Decision.authorized, .denied])
    func theShareStatusNeverRevealsTheReadDecision(read: Decision) async throws {
        let harness = try StoreHarness()
        let readOnly = harness.store(answerer: RuleAnswerer(Self.answer(share: .authorized, read: read)))
        try await readOnly.requestAuthorization(toShare: [], read: [Self.heartRate])
        #expect(readOnly.authorizationStatus(for: Self.heartRate) == .notDetermined)

        let both = harness.store(
            TestStores.app("com.example.both"), answerer: RuleAnswerer(Self.answer(share: .authorized, read: read)))
        try await both.requestAuthorization(toShare: [Self.heartRate], read: [Self.heartRate])
        #expect(both.authorizationStatus(for: Self.heartRate) == .sharingAuthorized)
    }

    @Test func anAppDeniedReadStillSeesWhatItSavedBeforeItsShareWasRevoked() async throws {
        let harness = try StoreHarness()
        let app = harness.store(answerer: RuleAnswerer(Self.answer(share: .authorized, read: .denied)))
        try await app.requestAuthorization(toShare: [Self.heartRate], read: [Self.heartRate])
        let mine = Self.reading(80)
        try await app.save(mine)
        try await harness.saveAsOwner([Self.reading(90)])

        try await harness.engine.revokeAll(app: TestStores.app().bundleIdentifier)
        #expect(app.authorizationStatus(for: Self.heartRate) == .sharingDenied)
        #expect(try await Fetch.uuids(app, Self.heartRate) == [mine.uuid])
    }

    @Test func nothingLeaksThroughSourcesOrAnchoredChanges() async throws {
        let harness = try StoreHarness()
        let other = try await harness.authorizedStore(TestStores.app("com.example.other"), for: [Self.heartRate])
        let theirs = [Self.reading(61), Self.reading(62)]
        try await other.save(theirs)
        try await other.delete(theirs[0])

        let app = harness.store(answerer: RuleAnswerer(Self.answer(share: .authorized, read: .denied)))
        try await app.requestAuthorization(toShare: [Self.heartRate], read: [Self.heartRate])
        let mine = [Self.reading(71), Self.reading(72)]
        try await app.save(mine)
        try await app.delete(mine[0])

        let principal = Principal.app(TestStores.app())
        await #expect(
            try harness.engine.sources(of: Self.heartRate, predicate: nil, as: principal).map(\.bundleIdentifier) == [
                "com.example.app"
            ])
        let changes = try await harness.engine.changes(
            matching: [SampleFilter(type: Self.heartRate, predicate: nil)], after: 0, as: principal)
        #expect(changes.samples.map(\.uuid) == [mine[1].uuid])
        #expect(changes.deletedObjects.map(\.uuid) == [mine[0].uuid])

        let reader = Principal.app(TestStores.app("com.example.other"))
        await #expect(
            Set(try harness.engine.sources(of: Self.heartRate, predicate: nil, as: reader).map(\.bundleIdentifier)) == [
                "com.example.app", "com.example.other",
            ])
        await #expect(
            try harness.engine.changes(
                matching: [SampleFilter(type: Self.heartRate, predicate: nil)], after: 0, as: reader
            ).deletedObjects.count == 2)
    }

    @Test func aReadGrantForOneTypeShowsNothingOfAnother() async throws {
        let harness = try StoreHarness()
        let steps = HKQuantityType(.stepCount)
        let other = try await harness.authorizedStore(
            TestStores.app("com.example.other"), for: [Self.heartRate, steps])
        try await other.save([
            Self.reading(65),
            HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 100), start: Date(), end: Date()),
        ])

        let app = harness.store(
            answerer: RuleAnswerer { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [Self.heartRate])
            })
        try await app.requestAuthorization(toShare: [], read: [Self.heartRate, steps])
        #expect(try await Fetch.samples(app, Self.heartRate).count == 1)
        #expect(try await Fetch.samples(app, steps).isEmpty)
    }
}
