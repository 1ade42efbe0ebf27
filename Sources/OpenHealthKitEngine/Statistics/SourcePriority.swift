import Foundation

/// The order in which sources count when statistics merge overlapping samples: the user's list for a type first (as
/// the Health app's Data Sources & Access), then the others in Apple's default order (see ``Standing``).
///
/// Every rank the engine and the storages compute comes from ``ranks(of:preferred:)``, so that a merge read from
/// the samples and one kept in the statistics aggregates agree. The order of two sources depends only on the two
/// (their standing and which stored its first sample of the type first), never on the other sources of a read: an
/// app that sees some sources only ranks them as the owner's read does.
package enum SourcePriority {
    /// Where a source stands in Apple's default order: "data that you input manually, then data from your iPhone,
    /// iPod touch and Apple Watch, then data from other third-party apps and Bluetooth devices", a new app above
    /// the apps before it.
    package enum Standing: Int, Comparable, Sendable {
        case manualEntry
        case appleDevice
        case app

        package static func < (lhs: Standing, rhs: Standing) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The setting holding the user's order of sources for a type: bundle identifiers, one a line.
    package static func settingKey(for typeIdentifier: String) -> String {
        settingPrefix + typeIdentifier
    }

    /// What every key of ``settingKey(for:)`` starts with.
    package static let settingPrefix = "statistics/sourcePriority/"

    /// The prefix of the sources HealthKit names after an Apple device (`com.apple.health.` and the device's UUID).
    static let appleDevicePrefix = "com.apple.health."

    /// The bundle identifier of Apple's Health app, which writes what a person enters by hand.
    static let healthApp = "com.apple.Health"

    /// The product names an Apple device's own source is named after in an export, as words (exports carry names
    /// only: "Ann's Apple Watch", "iPhone de Paul").
    private static let appleDeviceNames: [[Substring]] = [["iphone"], ["apple", "watch"], ["ipod"], ["ipad"]]

    /// The standing of `source`: the owner's own sources, Apple's Health app and an export's "Health" are entries
    /// made by hand; HealthKit's device sources, and an export's sources whose name holds the word iPhone, iPod,
    /// iPad or the words Apple Watch, are Apple devices; every other source is an app. Apps cannot take an identifier of the first two kinds
    /// (``AppManifest/reservedBundleIdentifierPrefixes``).
    package static func standing(of source: SourceRow) -> Standing {
        let identifier = source.bundleIdentifier
        if identifier.hasPrefix(SourceRow.ownerBundleIdentifierPrefix) || identifier == healthApp {
            return .manualEntry
        }
        if identifier.hasPrefix(appleDevicePrefix) { return .appleDevice }
        guard identifier.hasPrefix(SourceRow.exportBundleIdentifierPrefix) else { return .app }
        if source.name == SourceRow.exportedHealthApp.name { return .manualEntry }
        let words = source.name.lowercased().split { !$0.isLetter && !$0.isNumber }
        return appleDeviceNames.contains { product in words.indices.contains { words[$0...].starts(with: product) } }
            ? .appleDevice : .app
    }

    /// Each source's rank, 0 to count − 1, for `sources` listed in the order they stored their first sample of the
    /// type: preferred sources in the user's order, then the others by standing, entries and devices in list order,
    /// apps newest first.
    package static func ranks(of sources: [SourceRow], preferred: [String]) -> [Int] {
        let preferredRank = Dictionary(
            preferred.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let keys = sources.enumerated().map { index, source -> (Int, Int, Int) in
            if let rank = preferredRank[source.bundleIdentifier] { return (0, rank, 0) }
            let standing = standing(of: source)
            return (1, standing.rawValue, standing == .app ? -index : index)
        }
        var ranks = Array(repeating: 0, count: sources.count)
        for (rank, index) in sources.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() { ranks[index] = rank }
        return ranks
    }

    /// `items` (in the order of ``ranks(of:preferred:)``'s sources) in the priority order of their sources.
    package static func ordered<Item>(
        _ items: [Item], source: (Item) -> SourceRow, preferred: [String]
    ) -> [Item] {
        zip(items, ranks(of: items.map(source), preferred: preferred)).sorted { $0.1 < $1.1 }.map(\.0)
    }
}
