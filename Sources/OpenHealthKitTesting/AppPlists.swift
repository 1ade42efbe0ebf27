import Foundation

/// An app's Info.plist and Entitlements.plist as XML, as the owner hands them to healthd to register the app.
public struct AppPlists: Sendable {
    /// Info.plist.
    public let info: String
    /// Entitlements.plist.
    public let entitlements: String

    /// The property lists of an app with these keys; `entitlements` defaults to HealthKit's alone.
    public init(
        bundleIdentifier: String, name: String, version: String = "1", shareUsageDescription: String? = "Reads.",
        updateUsageDescription: String? = "Writes.", clinicalHealthRecordsShareUsageDescription: String? = nil,
        entitlements: [String: Any] = ["com.apple.developer.healthkit": true]
    ) throws {
        var info: [String: Any] = [
            "CFBundleIdentifier": bundleIdentifier, "CFBundleName": name, "CFBundleVersion": version,
        ]
        info["NSHealthShareUsageDescription"] = shareUsageDescription
        info["NSHealthUpdateUsageDescription"] = updateUsageDescription
        info["NSHealthClinicalHealthRecordsShareUsageDescription"] = clinicalHealthRecordsShareUsageDescription
        self.info = try Self.xml(info)
        self.entitlements = try Self.xml(entitlements)
    }

    private static func xml(_ dictionary: [String: Any]) throws -> String {
        String(
            decoding: try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0),
            as: UTF8.self)
    }
}
