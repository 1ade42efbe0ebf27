import Foundation
import Testing
@testable import HKCommandLine
import OpenHealthKit
import OpenHealthKitEngine

/// Which store `hk` opens, and the sources it writes under.
@Suite struct StoreOptionTests {
    @Test func environmentVariableNamesTheStore() async throws {
        let store = try TemporaryStore()
        let result = try await HKProcess.run(
            ["samples", "add", "stepCount", "5", "count"], environment: ["OPENHEALTHKIT_STORE": store.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await store.samples("stepCount").count == 1)
    }

    @Test func storeOptionWinsOverTheEnvironment() async throws {
        let store = try TemporaryStore(), other = try TemporaryStore()
        let result = try await store.run(
            ["samples", "add", "stepCount", "5", "count"], environment: ["OPENHEALTHKIT_STORE": other.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await store.samples("stepCount").count == 1)
        #expect(!FileManager.default.fileExists(atPath: other.path))
    }

    @Test func defaultStoreIsUnderXDGDataHome() async throws {
        let store = try TemporaryStore()
        let environment: [String: String?] = ["OPENHEALTHKIT_STORE": nil, "XDG_DATA_HOME": store.folder.path]
        let result = try await HKProcess.run(["me", "--set", "bloodType=oNegative"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            FileManager.default.fileExists(
                atPath: store.folder.appendingPathComponent("OpenHealthKit/health.sqlite").path))
    }

    @Test func unopenableStoreIsAFailure() async throws {
        let store = try TemporaryStore()
        let result = try await HKProcess.run(["samples", "stepCount", "--store", store.folder.path])
        #expect(result.status == 1)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("hk: cannot open the store at \(store.folder.path)"))
    }

    @Test(arguments: [
        ("Health", "org.openhealthkit.owner.health"),
        ("My Scale", "org.openhealthkit.owner.my-scale"),
        ("my_scale!", "org.openhealthkit.owner.my-scale"),
        ("  Withings Body+  ", "org.openhealthkit.owner.withings-body"),
        ("Santé", "org.openhealthkit.owner.sant-e9"),
        ("健康", "org.openhealthkit.owner.5065-5eb7"),
        ("Scale 2", "org.openhealthkit.owner.scale-2"),
    ])
    func ownerSourceBundleIdentifiers(name: String, bundleIdentifier: String) throws {
        let source = try SourceRow.owner(named: name)
        #expect(source.bundleIdentifier == bundleIdentifier)
        #expect(source.name == name)
    }

    @Test func ownerSourceNeedsALetterOrDigit() {
        for name in ["", "--!"] {
            let error = #expect(throws: HKError.self) { try SourceRow.owner(named: name) }
            #expect(error?.code == .errorInvalidArgument)
        }
    }
}
