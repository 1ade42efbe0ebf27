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

    @Test func sourcesGetStableDistinctBundleIdentifiers() {
        #expect(RecordSource.bundleIdentifier(forName: "Health") == "org.openhealthkit.export.health-8eb51006")
        #expect(RecordSource.bundleIdentifier(forName: "Alexandre's Apple Watch").hasPrefix("org.openhealthkit.export.alexandre-s-apple-watch-"))
        let cyrillic = RecordSource.bundleIdentifier(forName: "Здоровье")
        #expect(cyrillic.hasPrefix("org.openhealthkit.export.source-"))
        #expect(cyrillic != RecordSource.bundleIdentifier(forName: "Здоровье 2"))
        #expect(RecordSource.bundleIdentifier(forName: "Health") != RecordSource.bundleIdentifier(forName: "health"))
    }
}
