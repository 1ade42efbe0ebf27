import Foundation
import Testing
@testable import OpenHealthKitExchange

/// SHA-1 and the name-based UUIDs that make imports idempotent.
@Suite struct ImportIdentityTests {
    private func hex(_ message: [UInt8]) -> String {
        let (a, b, c, d, e) = message.withUnsafeBytes { SHA1().digest($0) }
        return [a, b, c, d, e].map { String(format: "%08x", $0) }.joined()
    }

    @Test func sha1MatchesTheStandardVectors() {
        #expect(hex(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        // Lengths around the padding boundary.
        #expect(hex([UInt8](repeating: UInt8(ascii: "a"), count: 55)) == "c1c8bbdc22796e28c0e15163d20899b65621d65a")
        #expect(hex([UInt8](repeating: UInt8(ascii: "a"), count: 56)) == "c2db330f6083854c99d4b5bfb6e8f29f201be699")
        #expect(hex([UInt8](repeating: UInt8(ascii: "a"), count: 64)) == "0098ba824b5c16427bd7a1122a5a442a25ec644d")
    }

    /// The same UUID as Python's `uuid.uuid5(namespace, "HKQuantityTypeIdentifierStepCount\x1f1410600474000\x1f...")`.
    @Test func namesAreVersion5UUIDs() {
        let identity = ImportIdentity()
        identity.reset()
        identity.add("HKQuantityTypeIdentifierStepCount")
        identity.add(date: 1_410_600_474)
        identity.add(date: 1_410_600_479)
        identity.add("329")
        identity.add("count")
        identity.add("Health")
        #expect(identity.uuid().uuidString == "6DC350F5-1EFE-5B21-AE9F-18D8B21DD180")
    }

    /// A sample's UUID: its start's milliseconds (+ 2⁴⁷) in the first 48 bits, version 8, then the same SHA-1 bits
    /// as the version 5 UUID of its name (above: `…-5B21-AE9F-18D8B21DD180`).
    @Test func sampleNamesAreTimeOrderedVersion8UUIDs() {
        let identity = ImportIdentity()
        identity.reset(orderedBy: 1_410_600_474)
        identity.add("HKQuantityTypeIdentifierStepCount")
        identity.add(date: 1_410_600_474)
        identity.add(date: 1_410_600_479)
        identity.add("329")
        identity.add("count")
        identity.add("Health")
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
        #expect(RecordSource.bundleIdentifier(forName: "Alexandre's Apple Watch").hasPrefix("org.openhealthkit.export.alexandre-s-apple-watch-"))
        let cyrillic = RecordSource.bundleIdentifier(forName: "Здоровье")
        #expect(cyrillic.hasPrefix("org.openhealthkit.export.source-"))
        #expect(cyrillic != RecordSource.bundleIdentifier(forName: "Здоровье 2"))
        #expect(RecordSource.bundleIdentifier(forName: "Health") != RecordSource.bundleIdentifier(forName: "health"))
    }
}
