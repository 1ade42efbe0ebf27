import Foundation
import Testing
@testable import OpenHealthKitExchange

/// The name-based UUIDs that make imports idempotent.
@Suite struct ImportIdentityTests {
    /// The name of a step-count record: type ␟ start ␟ end ␟ value ␟ unit ␟ source.
    private func addStepCountName(to identity: ImportIdentity) {
        identity.add("HKQuantityTypeIdentifierStepCount")
        identity.add(date: 1_410_600_474)
        identity.add(date: 1_410_600_479)
        identity.add("329")
        identity.add("count")
        identity.add("Health")
    }

    /// The same UUID as Python's `uuid.uuid5(namespace, "HKQuantityTypeIdentifierStepCount\x1f1410600474000\x1f...")`.
    @Test func namesAreVersion5UUIDs() {
        let identity = ImportIdentity()
        identity.reset()
        addStepCountName(to: identity)
        #expect(identity.uuid().uuidString == "6DC350F5-1EFE-5B21-AE9F-18D8B21DD180")
    }

    /// A sample's UUID: its start's milliseconds (+ 2⁴⁷) in the first 48 bits, version 8, then the same SHA-1 bits
    /// as the version 5 UUID of its name (above: `…-5B21-AE9F-18D8B21DD180`).
    @Test func sampleNamesAreTimeOrderedVersion8UUIDs() {
        let identity = ImportIdentity()
        identity.reset(orderedBy: 1_410_600_474)
        addStepCountName(to: identity)
        #expect(identity.uuid().uuidString == "81486E57-1590-8B21-AE9F-18D8B21DD180")
    }

    @Test func timeOrderedUUIDsSortByStartDate() {
        let identity = ImportIdentity()
        func uuid(_ start: Double, _ name: String = "HKQuantityTypeIdentifierHeartRate") -> String {
            identity.reset(orderedBy: start)
            identity.add(name)
            return identity.uuid().uuidString
        }
        let starts: [Double] = [-2_208_988_800, -1, 0, 0.001, 1_700_000_000, 1_700_000_000.5, 4_102_444_800]
        let uuids = starts.map { uuid($0) }
        #expect(uuids == uuids.sorted())
        #expect(Set(uuids).count == starts.count)
        // Dates beyond the 48 bits share the last prefix; their names still tell them apart.
        #expect(uuid(1e15).prefix(13) == uuid(1e16).prefix(13))
        #expect(uuid(1e15, "a") != uuid(1e15, "b"))
        #expect(uuid(-1e15).hasPrefix("00000000-0000-8"))
    }

    @Test func sourcesGetStableDistinctBundleIdentifiers() {
        #expect(RecordSource.bundleIdentifier(forName: "Health") == "org.openhealthkit.export.health-8eb51006")
        #expect(
            RecordSource.bundleIdentifier(forName: "Alexandre's Apple Watch").hasPrefix(
                "org.openhealthkit.export.alexandre-s-apple-watch-"))
        let cyrillic = RecordSource.bundleIdentifier(forName: "Здоровье")
        #expect(cyrillic.hasPrefix("org.openhealthkit.export.source-"))
        #expect(cyrillic != RecordSource.bundleIdentifier(forName: "Здоровье 2"))
        #expect(RecordSource.bundleIdentifier(forName: "Health") != RecordSource.bundleIdentifier(forName: "health"))
    }
}
