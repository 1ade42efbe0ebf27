import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite struct IdentityTests {
    private let source = HKSource(name: "Heart", bundleIdentifier: "com.example.heart")

    @Test func objectsAreEqualByUUID() {
        let uuid = UUID()
        let type = HKCategoryType(.sleepAnalysis)
        let first = HKCategorySample(
            uuid: uuid, type: type, value: 0, start: Fixture.start, end: Fixture.end, device: nil, metadata: nil,
            sourceRevision: .placeholder()
        )
        let sameUUID = HKCategorySample(
            uuid: uuid, type: type, value: 2, start: Fixture.start, end: Fixture.start, device: nil, metadata: nil,
            sourceRevision: HKSourceRevision(source: source, version: "1")
        )
        let other = HKCategorySample(type: type, value: 0, start: Fixture.start, end: Fixture.end)
        #expect(first == sameUUID)
        #expect(first.hash == sameUUID.hash)
        #expect(first != other)
        #expect(Set<HKSample>([first, sameUUID, other]).count == 2)
    }

    @Test func sourcesAreEqualByBundleIdentifier() {
        #expect(source == HKSource(name: "Renamed", bundleIdentifier: "com.example.heart"))
        #expect(source != HKSource(name: "Heart", bundleIdentifier: "com.example.other"))
    }

    /// The default source is the process's, so the test runs in a process of its own: named after the executable
    /// until a store adopts its app, that app from then on, whatever stores come later.
    @Test func defaultSourceFollowsTheStoreConfiguration() async {
        await #expect(processExitsWith: .success) {
            #expect(HKSource.default().name == ProcessInfo.processInfo.processName)
            HKSource.adoptProcessApp { HKSource(name: "Heart", bundleIdentifier: "com.example.heart") }
            #expect(HKSource.default().bundleIdentifier == "com.example.heart")
            HKSource.adoptProcessApp { HKSource(name: "Other", bundleIdentifier: "com.example.other") }
            #expect(HKSource.default().bundleIdentifier == "com.example.heart")
        }
    }

    @Test func revisionsAreEqualByAllFields() {
        let os = OperatingSystemVersion(majorVersion: 17, minorVersion: 1, patchVersion: 0)
        let revision = HKSourceRevision(
            source: source, version: "2", productType: "iPhone14,2", operatingSystemVersion: os)
        #expect(
            revision
                == HKSourceRevision(source: source, version: "2", productType: "iPhone14,2", operatingSystemVersion: os)
        )
        #expect(
            revision
                != HKSourceRevision(source: source, version: "3", productType: "iPhone14,2", operatingSystemVersion: os)
        )
        let patched = OperatingSystemVersion(majorVersion: 17, minorVersion: 1, patchVersion: 1)
        #expect(
            revision
                != HKSourceRevision(
                    source: source, version: "2", productType: "iPhone14,2", operatingSystemVersion: patched))
        let query = HKSourceRevision(source: source, version: nil)
        #expect(query.productType == HKSourceRevisionAnyProductType)
        #expect(query.operatingSystemVersion.majorVersion == HKSourceRevisionAnyOperatingSystem.majorVersion)
    }

    @Test func devicesAreEqualByAllFields() {
        func device(firmware: String?) -> HKDevice {
            HKDevice(
                name: "Strap", manufacturer: "Acme", model: "H1", hardwareVersion: "1", firmwareVersion: firmware,
                softwareVersion: nil, localIdentifier: "abc", UDIDeviceIdentifier: nil
            )
        }
        #expect(device(firmware: "2.0") == device(firmware: "2.0"))
        #expect(device(firmware: "2.0").hash == device(firmware: "2.0").hash)
        #expect(device(firmware: "2.0") != device(firmware: nil))
        #expect(HKDevicePropertyKeyName == "HKDevicePropertyName")
        #expect(HKDevicePropertyKeyUDIDeviceIdentifier == "HKDevicePropertyUDIDeviceIdentifier")
    }

    @Test func deletedObjectsAreEqualByUUID() {
        let uuid = UUID()
        #expect(
            HKDeletedObject(uuid: uuid, metadata: nil)
                == HKDeletedObject(uuid: uuid, metadata: [HKMetadataKeySyncVersion: 1]))
    }

    @Test func descriptionsNameTheValueAndTheDates() throws {
        let sample = try Fixture.sample(.stepCount, 10, "count")
        #expect(sample.description.contains(sample.uuid.uuidString))
        #expect(sample.description.contains(" - "))
        let workout = HKWorkout(activityType: .running, start: Fixture.start, end: Fixture.end)
        #expect(workout.description.hasPrefix("<HKWorkout> (\(HKWorkoutActivityType.running.rawValue))"))
    }

    @Test func workoutEventTypesHaveHealthKitsRawValues() {
        #expect(HKWorkoutEventType.pause.rawValue == 1)
        #expect(HKWorkoutEventType.pauseOrResumeRequest.rawValue == 8)
        #expect(HKWorkoutEventType.allCases.count == 8)
    }
}
