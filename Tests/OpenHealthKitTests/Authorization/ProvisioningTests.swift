import Foundation
import Testing
import OpenHealthKit

/// Apps as HealthKit knows them: an Info.plist and an Entitlements.plist on disk, and the provisioning rules
/// (explicit App ID, the HealthKit entitlement) checked before any access.
@Suite struct ProvisioningTests {
    let steps = HKQuantityType(.stepCount)

    /// Writes an app folder with XML property lists, as Xcode produces them.
    static func appFolder(
        bundleIdentifier: String = "com.example.walker", displayName: String? = "Walker", version: String = "42",
        share: String? = "Shows your steps.", update: String? = "Records your walks.",
        entitlement: Bool? = true, entitlementsFileName: String = "Entitlements.plist"
    ) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var info = """
            <key>CFBundleIdentifier</key>
            <string>\(bundleIdentifier)</string>
            <key>CFBundleName</key>
            <string>WalkerApp</string>
            <key>CFBundleVersion</key>
            <string>\(version)</string>
            <key>CFBundleShortVersionString</key>
            <string>4.2</string>

            """
        if let displayName { info += "<key>CFBundleDisplayName</key>\n<string>\(displayName)</string>\n" }
        if let share { info += "<key>NSHealthShareUsageDescription</key>\n<string>\(share)</string>\n" }
        if let update { info += "<key>NSHealthUpdateUsageDescription</key>\n<string>\(update)</string>\n" }
        var entitlements = ""
        if let entitlement {
            entitlements =
                "<key>com.apple.developer.healthkit</key>\n<\(entitlement)/>\n"
                + "<key>com.apple.developer.healthkit.access</key>\n<array/>\n"
        }
        try plist(info).write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try plist(entitlements).write(
            to: folder.appendingPathComponent(entitlementsFileName), atomically: true, encoding: .utf8)
        return folder
    }

    private static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)</dict>
        </plist>
        """
    }

    @Test func aManifestIsReadFromTheAppsPropertyLists() throws {
        let manifest = try AppManifest(appFolder: Self.appFolder())
        #expect(manifest.bundleIdentifier == "com.example.walker")
        #expect(manifest.name == "Walker")
        #expect(manifest.version == "42")
        #expect(manifest.shareUsageDescription == "Shows your steps.")
        #expect(manifest.updateUsageDescription == "Records your walks.")
        #expect(manifest.hasHealthKitEntitlement)
        #expect(!manifest.hasBackgroundDeliveryEntitlement)
    }

    @Test func theNameFallsBackToTheBundleName() throws {
        let manifest = try AppManifest(appFolder: Self.appFolder(displayName: nil))
        #expect(manifest.name == "WalkerApp")
    }

    @Test func anEntitlementsFileMayBeNamedAfterTheApp() throws {
        let manifest = try AppManifest(appFolder: Self.appFolder(entitlementsFileName: "Walker.entitlements"))
        #expect(manifest.hasHealthKitEntitlement)
    }

    @Test func aFolderWithoutEntitlementsIsRejected() throws {
        let folder = try Self.appFolder()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Entitlements.plist"))
        let error = #expect(throws: HKError.self) { try AppManifest(appFolder: folder) }
        #expect(error?.code == .errorInvalidArgument)
    }

    @Test func everyObjectSavedIsStampedWithTheManifestsSourceRevision() async throws {
        let manifest = try AppManifest(appFolder: Self.appFolder())
        let store = try await StoreHarness().authorizedStore(manifest, for: [steps])
        let sample = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1200), start: Date(), end: Date())
        try await store.save(sample)
        for revision in [sample.sourceRevision, try await Fetch.samples(store, steps)[0].sourceRevision] {
            #expect(revision.source.name == "Walker")
            #expect(revision.source.bundleIdentifier == "com.example.walker")
            #expect(revision.version == "42")
        }
    }

    @Test(arguments: [false, nil] as [Bool?])
    func withoutTheHealthKitEntitlementEveryCallIsRefused(entitlement: Bool?) async throws {
        let manifest = try AppManifest(appFolder: Self.appFolder(entitlement: entitlement))
        #expect(!manifest.hasHealthKitEntitlement)
        try await expectRefused(
            StoreHarness().store(manifest), message: "Missing com.apple.developer.healthkit entitlement.")
    }

    @Test func aStoreWithNoAppIsRefusedTheSameWay() async throws {
        let store = HKHealthStore(configuration: HealthStoreConfiguration(location: TestStores.database(), app: nil))
        try await expectRefused(store, message: "Missing com.apple.developer.healthkit entitlement.")
    }

    @Test func aWildcardAppIDIsRefused() async throws {
        let manifest = try AppManifest(appFolder: Self.appFolder(bundleIdentifier: "com.example.*"))
        try await expectRefused(StoreHarness().store(manifest), message: nil)
    }

    @Test func aMissingUsageDescriptionInInfoPlistIsReported() async throws {
        let manifest = try AppManifest(appFolder: Self.appFolder(update: nil))
        let store = try StoreHarness().store(manifest)
        let error = await #expect(throws: HKError.self) {
            try await store.requestAuthorization(toShare: [steps], read: [])
        }
        #expect(error?.code == .errorInvalidArgument)
        #expect(error?.message.hasPrefix("NSHealthUpdateUsageDescription must be set in the app's Info.plist") == true)
    }

    /// Requests, status checks, saves, queries and characteristics all fail with `errorAuthorizationDenied`.
    private func expectRefused(_ store: HKHealthStore, message: String?) async throws {
        var errors: [HKError?] = []
        errors.append(
            await #expect(throws: HKError.self) {
                try await store.requestAuthorization(toShare: [steps], read: [steps])
            })
        errors.append(
            await #expect(throws: HKError.self) {
                try await store.statusForAuthorizationRequest(toShare: [steps], read: [])
            })
        let sample = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1), start: Date(), end: Date())
        errors.append(await #expect(throws: HKError.self) { try await store.save(sample) })
        errors.append(await #expect(throws: HKError.self) { _ = try await Fetch.samples(store, steps) })
        errors.append(#expect(throws: HKError.self) { _ = try store.biologicalSex() })
        for error in errors {
            #expect(error?.code == .errorAuthorizationDenied)
            if let message { #expect(error?.message == message) }
        }
        #expect(store.authorizationStatus(for: steps) == .notDetermined)
    }
}
