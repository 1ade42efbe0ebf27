import Foundation
import Testing
import OpenHealthKit

/// Permission requests: when a sheet is shown, what it asks, and the requests HealthKit refuses outright.
@Suite struct AuthorizationRequestTests {
    let heartRate = HKQuantityType(.heartRate)
    let steps = HKQuantityType(.stepCount)
    let sleep = HKCategoryType(.sleepAnalysis)

    @Test func theRequestStatusSaysWhetherASheetWouldBeShown() async throws {
        let harness = try StoreHarness()
        let store = harness.store()
        #expect(
            try await store.statusForAuthorizationRequest(toShare: [heartRate], read: [heartRate]) == .shouldRequest)

        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        #expect(try await store.statusForAuthorizationRequest(toShare: [heartRate], read: [heartRate]) == .unnecessary)
        #expect(try await store.statusForAuthorizationRequest(toShare: [], read: [heartRate]) == .unnecessary)
        // A type not yet asked about, to share or to read, needs a sheet again.
        #expect(try await store.statusForAuthorizationRequest(toShare: [heartRate, steps], read: []) == .shouldRequest)
        #expect(try await store.statusForAuthorizationRequest(toShare: [], read: [steps]) == .shouldRequest)
    }

    @Test func aDenialAlsoMakesTheRequestUnnecessary() async throws {
        let harness = try StoreHarness()
        let store = harness.store(answerer: RuleAnswerer { _ in .denyAll })
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        #expect(try await store.statusForAuthorizationRequest(toShare: [heartRate], read: [heartRate]) == .unnecessary)
    }

    @Test func theCompletionHandlerFormOfTheRequestStatus() async throws {
        let harness = try StoreHarness()
        let store = harness.store()
        let (status, error) = await withCheckedContinuation { continuation in
            store.getRequestStatusForAuthorization(toShare: [heartRate], read: []) {
                continuation.resume(returning: ($0, $1))
            }
        }
        #expect(status == .shouldRequest)
        #expect(error == nil)
    }

    @Test func decidedTypesAreNotAskedAgain() async throws {
        let harness = try StoreHarness()
        let answerer = CountingAnswerer()
        let store = harness.store(answerer: answerer)
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate, steps])
        #expect(answerer.count == 1)
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate, steps])
        try await store.requestAuthorization(toShare: [], read: [steps])
        #expect(answerer.count == 1)

        // Adding one new type asks about that type only.
        try await store.requestAuthorization(toShare: [heartRate, sleep], read: [heartRate, steps])
        #expect(answerer.count == 2)
        #expect(answerer.lastRequest?.toShare == [sleep])
        #expect(answerer.lastRequest?.toRead.isEmpty == true)
    }

    @Test func aDeniedTypeIsNotAskedAgainEither() async throws {
        let harness = try StoreHarness()
        let answerer = CountingAnswerer { _ in .denyAll }
        let store = harness.store(answerer: answerer)
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        #expect(answerer.count == 1)
        #expect(store.authorizationStatus(for: heartRate) == .sharingDenied)
    }

    @Test func theCompletionHandlerReportsSuccessEvenWhenEverythingIsDenied() async throws {
        let harness = try StoreHarness()
        let store = harness.store(answerer: RuleAnswerer { _ in .denyAll })
        let (success, error) = await withCheckedContinuation { continuation in
            store.requestAuthorization(toShare: [heartRate], read: [heartRate]) {
                continuation.resume(returning: ($0, $1))
            }
        }
        #expect(success)
        #expect(error == nil)
        #expect(store.authorizationStatus(for: heartRate) == .sharingDenied)
    }

    @Test func eachAppHasItsOwnDecisions() async throws {
        let harness = try StoreHarness()
        let allowed = harness.store(TestStores.app("com.example.allowed"))
        let denied = harness.store(TestStores.app("com.example.denied"), answerer: RuleAnswerer { _ in .denyAll })
        let unasked = harness.store(TestStores.app("com.example.unasked"))
        try await allowed.requestAuthorization(toShare: [heartRate], read: [])
        try await denied.requestAuthorization(toShare: [heartRate], read: [])
        #expect(allowed.authorizationStatus(for: heartRate) == .sharingAuthorized)
        #expect(denied.authorizationStatus(for: heartRate) == .sharingDenied)
        #expect(unasked.authorizationStatus(for: heartRate) == .notDetermined)
    }

    @Test(arguments: [
        HKQuantityType(.appleExerciseTime) as HKSampleType, HKQuantityType(.walkingHeartRateAverage),
        HKCorrelationType(.bloodPressure), HKCorrelationType(.food),
    ])
    func typesAppleKeepsForItselfCannotBeShared(type: HKSampleType) async throws {
        let harness = try StoreHarness()
        let answerer = CountingAnswerer()
        let store = harness.store(answerer: answerer)
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [type, heartRate], read: [])
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(error?.message == "Authorization to share the following types is disallowed: \(type.identifier)")
        #expect(answerer.count == 0)
        #expect(store.authorizationStatus(for: heartRate) == .notDetermined)
        // Reading them is fine.
        try await store.requestAuthorization(toShare: [], read: [type])
        #expect(answerer.count == 1)
    }

    @Test func everyDisallowedTypeIsNamedInOrder() async throws {
        let store = try StoreHarness().store()
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(
                toShare: [HKQuantityType(.walkingHeartRateAverage), HKQuantityType(.appleExerciseTime)], read: [])
        }
        #expect(
            error?.message == "Authorization to share the following types is disallowed: "
                + "HKQuantityTypeIdentifierAppleExerciseTime, HKQuantityTypeIdentifierWalkingHeartRateAverage")
    }

    @Test func sharingNeedsTheUpdateUsageDescription() async throws {
        var app = TestStores.app()
        app.updateUsageDescription = nil
        let answerer = CountingAnswerer()
        let store = try StoreHarness().store(app, answerer: answerer)
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [heartRate, steps], read: [heartRate])
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(
            error?.message
                == "NSHealthUpdateUsageDescription must be set in the app's Info.plist in order to request write "
                + "authorization for the following types: HKQuantityTypeIdentifierHeartRate, HKQuantityTypeIdentifierStepCount"
        )
        // Reading alone needs only the share usage description.
        try await store.requestAuthorization(toShare: [], read: [heartRate])
        #expect(answerer.count == 1)
    }

    @Test func readingNeedsTheShareUsageDescription() async throws {
        var app = TestStores.app()
        app.shareUsageDescription = nil
        let answerer = CountingAnswerer()
        let store = try StoreHarness().store(app, answerer: answerer)
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [], read: [steps])
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(
            error?.message
                == "NSHealthShareUsageDescription must be set in the app's Info.plist in order to request read "
                + "authorization for the following types: HKQuantityTypeIdentifierStepCount")
        try await store.requestAuthorization(toShare: [steps], read: [])
        #expect(answerer.count == 1)
    }

    @Test func aBlankUsageDescriptionIsInvalid() async throws {
        var app = TestStores.app()
        app.updateUsageDescription = "  "
        let store = try StoreHarness().store(app)
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [steps], read: [])
        }
        #expect(error?.message == "The string \"  \" is an invalid value for NSHealthUpdateUsageDescription")
    }

    @Test func aStoreWithoutAnAnswererCannotDecideAnything() async throws {
        let store = try StoreHarness().store(answerer: nil)
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [steps], read: [])
        }
        #expect(error?.code == .errorAuthorizationNotDetermined)
        #expect(store.authorizationStatus(for: steps) == .notDetermined)
    }

    @Test func anAnswererThatGivesUpLeavesTheRequestUndecided() async throws {
        struct Dismissed: Error {}
        struct Dismissing: AuthorizationAnswerer {
            func answer(_ request: AuthorizationRequest) async throws -> AuthorizationAnswer { throw Dismissed() }
        }
        let store = try StoreHarness().store(answerer: Dismissing())
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [steps], read: [])
        }
        #expect(error?.code == .errorUserCanceled)
        #expect(try await store.statusForAuthorizationRequest(toShare: [steps], read: []) == .shouldRequest)
    }

    @Test func handlingAnExtensionsAuthorizationAsksNothingAndSucceeds() async throws {
        let harness = try StoreHarness()
        let answerer = CountingAnswerer()
        let store = harness.store(answerer: answerer)
        let (success, error) = await withCheckedContinuation { continuation in
            store.handleAuthorizationForExtension { continuation.resume(returning: ($0, $1)) }
        }
        #expect(success)
        #expect(error == nil)
        #expect(answerer.count == 0)
    }
}

/// The completion-handler form of a request HealthKit refuses raises (an Objective-C exception there, a trap here).
@Suite struct AuthorizationRequestExceptionTests {
    @Test func theCompletionHandlerFormRaisesForADisallowedType() async {
        await #expect(processExitsWith: .failure) {
            let store = HKHealthStore(
                configuration: HealthStoreConfiguration(location: .memory(name: "raise"), app: TestStores.app()))
            store.requestAuthorization(toShare: [HKQuantityType(.appleExerciseTime)], read: []) { _, _ in }
        }
    }

    @Test func theCompletionHandlerFormRaisesForAMissingUsageDescription() async {
        await #expect(processExitsWith: .failure) {
            var app = TestStores.app()
            app.shareUsageDescription = nil
            let store = HKHealthStore(
                configuration: HealthStoreConfiguration(location: .memory(name: "raise"), app: app))
            store.requestAuthorization(toShare: [], read: [HKQuantityType(.stepCount)]) { _, _ in }
        }
    }
}
