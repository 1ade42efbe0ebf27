import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel

/// What Health's Sources page lists: every source with stored samples and the types it stored, every device a stored
/// sample names; only for the owner.
@Suite struct StoredSourcesAndDevicesTests {
    static let owner = Principal.owner(source: SourceRow(bundleIdentifier: "org.openhealthkit.tests", name: "Tests"))
    static let phone = SourceRow(bundleIdentifier: "org.openhealthkit.export.phone", name: "Ann's iPhone")
    static let watch = SourceRow(bundleIdentifier: "org.openhealthkit.export.watch", name: "Ann's Apple Watch")
    static let watchDevice = DeviceRow(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch")
    static let phoneDevice = DeviceRow(name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone")
    static let scale = DeviceRow(name: "Scale", manufacturer: "Example", model: "S1")

    static func row(_ type: String, _ source: SourceRow, _ device: DeviceRow?, at start: Double) -> SampleRow {
        SampleRow(
            uuid: UUID(), typeIdentifier: type, startDate: start, endDate: start + 60, value: 1, source: source,
            revision: RevisionRow(), device: device)
    }

    @Test(arguments: TestStorage.allCases)
    func eachSourceComesWithTheTypesItStoredAndEachUsedDeviceOnce(_ kind: TestStorage) async throws {
        let (storage, engine) = try await kind.makeWithEngine()
        let weighed = Self.row(HKQuantityTypeIdentifier.bodyMass.rawValue, Self.phone, Self.scale, at: 50)
        _ = try await storage.insert([
            Self.row(HKQuantityTypeIdentifier.heartRate.rawValue, Self.watch, Self.watchDevice, at: 0),
            Self.row(HKQuantityTypeIdentifier.heartRate.rawValue, Self.watch, Self.watchDevice, at: 10),
            Self.row(HKCategoryTypeIdentifier.sleepAnalysis.rawValue, Self.phone, Self.phoneDevice, at: 20),
            Self.row(HKQuantityTypeIdentifier.heartRate.rawValue, Self.phone, nil, at: 30),
            weighed,
        ])
        // The scale's only sample is gone: it is no longer listed, nor is Weight under the phone.
        _ = try await storage.delete(uuids: [weighed.uuid])
        let sources = try await engine.storedSources(as: Self.owner)
        #expect(sources.map(\.source) == [Self.watch, Self.phone])
        #expect(
            sources.map(\.types) == [
                [HKQuantityTypeIdentifier.heartRate.rawValue],
                [HKCategoryTypeIdentifier.sleepAnalysis.rawValue, HKQuantityTypeIdentifier.heartRate.rawValue],
            ])
        await #expect(try engine.storedDevices(as: Self.owner) == [Self.watchDevice, Self.phoneDevice])
    }

    @Test(arguments: TestStorage.allCases)
    func anAppCannotListThem(_ kind: TestStorage) async throws {
        let (_, engine) = try await kind.makeWithEngine()
        let app = Principal.app(AppManifest(bundleIdentifier: "com.example.reader", name: "Reader"))
        let sources = await #expect(throws: HKError.self) { try await engine.storedSources(as: app) }
        let devices = await #expect(throws: HKError.self) { try await engine.storedDevices(as: app) }
        #expect(sources?.code == .errorAuthorizationDenied && devices?.code == .errorAuthorizationDenied)
    }
}
