import Testing
import OpenHealthKitEngine

/// Where a source stands in Apple's default order: entries made by hand, Apple's devices, then apps.
@Suite struct SourceStandingTests {
    static func exported(_ name: String) -> SourceRow {
        SourceRow(
            bundleIdentifier: SourceRow.exportBundleIdentifierPrefix + SourceRow.exportSlug(forName: name)
                + "-1a2b3c4d",
            name: name)
    }

    @Test(arguments: [
        SourceRow(bundleIdentifier: SourceRow.ownerBundleIdentifierPrefix + "health", name: "Health"),
        SourceRow(bundleIdentifier: SourceRow.ownerBundleIdentifierPrefix + "my-scale", name: "My Scale"),
        SourceRow(bundleIdentifier: "com.apple.Health", name: "Health"),
        SourceRow.exportedHealthApp,
        exported("Health"),
    ])
    func entriesMadeByHandStandFirst(_ source: SourceRow) {
        #expect(SourcePriority.standing(of: source) == .manualEntry)
    }

    @Test(arguments: [
        SourceRow(bundleIdentifier: "com.apple.health.81AE7C32-0C6B-4F3A-9C1B-1F0E2D3C4B5A", name: "Ann’s iPhone"),
        exported("Alexandre's Apple Watch"), exported("Simon’s iPhone"), exported("iPhone de Paul"),
        exported("NJR Apple Watch"), exported("Ann's iPad"), exported("IPOD"),
    ])
    func applesDevicesStandSecond(_ source: SourceRow) {
        #expect(SourcePriority.standing(of: source) == .appleDevice)
    }

    @Test(arguments: [
        SourceRow(bundleIdentifier: "com.example.pedometer", name: "iPhone Pedometer"),
        SourceRow(bundleIdentifier: "com.withings.wiScaleNG", name: "Health Mate"),
        exported("Health Mate"), exported("Strava"), exported("Watch"), exported("Shipador"),
        exported("Pineapple Watchers"),
    ])
    func everyOtherSourceIsAnApp(_ source: SourceRow) {
        #expect(SourcePriority.standing(of: source) == .app)
    }

    @Test func unlistedSourcesRankByStandingThenAppsNewestFirst() {
        let sources = [
            SourceRow(bundleIdentifier: "com.example.first", name: "First"),
            Self.exported("Ann's Apple Watch"),
            SourceRow(bundleIdentifier: "com.example.second", name: "Second"),
            SourceRow(bundleIdentifier: SourceRow.ownerBundleIdentifierPrefix + "health", name: "Health"),
            Self.exported("Ann's iPhone"),
        ]
        // Health, the watch, the iPhone (devices in the order they stored first), the second app, the first.
        #expect(SourcePriority.ranks(of: sources, preferred: []) == [4, 1, 3, 0, 2])
    }

    @Test func theUsersListRanksBeforeEveryStanding() {
        let sources = [
            SourceRow(bundleIdentifier: "com.example.first", name: "First"),
            SourceRow(bundleIdentifier: SourceRow.ownerBundleIdentifierPrefix + "health", name: "Health"),
        ]
        #expect(SourcePriority.ranks(of: sources, preferred: ["com.example.first"]) == [0, 1])
    }

    @Test func twoSourcesRankAlikeWhateverElseTheReadSees() {
        let all = [
            SourceRow(bundleIdentifier: "com.example.first", name: "First"), Self.exported("Ann's iPhone"),
            SourceRow(bundleIdentifier: "com.example.second", name: "Second"),
        ]
        let ordered = SourcePriority.ordered(all, source: { $0 }, preferred: [])
        for pair in [(0, 1), (0, 2), (1, 2)] {
            let seen = [all[pair.0], all[pair.1]]
            let expected = ordered.filter { seen.contains($0) }
            #expect(SourcePriority.ordered(seen, source: { $0 }, preferred: []) == expected)
        }
    }
}
