import Foundation

/// An app's folder as a developer ships it: Info.plist and Entitlements.plist, XML property lists.
struct AppFolder {
    let url: URL
    var path: String { url.path }

    /// Writes the folder inside `parent`: `healthKit` is the `com.apple.developer.healthkit` entitlement,
    /// `readUsage` and `writeUsage` the `NSHealthShareUsageDescription` and `NSHealthUpdateUsageDescription` (left out
    /// when nil).
    init(
        in parent: URL, bundleIdentifier: String, name: String = "Steps", healthKit: Bool = true,
        readUsage: String? = "Shows your steps.", writeUsage: String? = "Saves your steps."
    ) throws {
        url = parent.appendingPathComponent("app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var info = ["CFBundleIdentifier": bundleIdentifier, "CFBundleName": name, "CFBundleVersion": "3"]
        info["NSHealthShareUsageDescription"] = readUsage
        info["NSHealthUpdateUsageDescription"] = writeUsage
        let infoEntries = info.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }
        try Self.plist(infoEntries).write(to: infoPlist, atomically: true, encoding: .utf8)
        let entitlementEntries = healthKit ? ["<key>com.apple.developer.healthkit</key><true/>"] : []
        try Self.plist(entitlementEntries).write(to: entitlements, atomically: true, encoding: .utf8)
    }

    var infoPlist: URL { url.appendingPathComponent("Info.plist") }
    var entitlements: URL { url.appendingPathComponent("Entitlements.plist") }

    private static func plist(_ entries: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entries.joined(separator: "\n"))
        </dict>
        </plist>

        """
    }
}
