public import Foundation
import OpenHealthKitModel

/// Who an app is and what it declared: the keys of its Info.plist and Entitlements.plist that HealthKit reads.
///
/// A store is always opened on behalf of an app. HealthKit's provisioning rules apply: an explicit bundle
/// identifier (never a wildcard), the `com.apple.developer.healthkit` entitlement set to true, and a usage
/// description for each kind of access the app asks for.
public struct AppManifest: Sendable, Hashable, Codable {
    /// The app's bundle identifier (CFBundleIdentifier), never a wildcard.
    public var bundleIdentifier: String
    /// The name shown to the user (CFBundleDisplayName, else CFBundleName, else the bundle identifier).
    public var name: String
    /// CFBundleVersion, stamped on every object the app saves.
    public var version: String
    /// NSHealthShareUsageDescription: why the app wants to read.
    public var shareUsageDescription: String?
    /// NSHealthUpdateUsageDescription: why the app wants to write.
    public var updateUsageDescription: String?
    /// NSHealthClinicalHealthRecordsShareUsageDescription: why the app wants to read clinical records.
    public var clinicalHealthRecordsShareUsageDescription: String?
    /// com.apple.developer.healthkit.
    public var hasHealthKitEntitlement: Bool
    /// com.apple.developer.healthkit.background-delivery.
    public var hasBackgroundDeliveryEntitlement: Bool

    /// A manifest with these fields, as a test or a tool declares an app; no rule is checked here.
    public init(
        bundleIdentifier: String, name: String? = nil, version: String = "1",
        shareUsageDescription: String? = nil, updateUsageDescription: String? = nil,
        clinicalHealthRecordsShareUsageDescription: String? = nil,
        hasHealthKitEntitlement: Bool = true, hasBackgroundDeliveryEntitlement: Bool = false
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.name = name ?? bundleIdentifier
        self.version = version
        self.shareUsageDescription = shareUsageDescription
        self.updateUsageDescription = updateUsageDescription
        self.clinicalHealthRecordsShareUsageDescription = clinicalHealthRecordsShareUsageDescription
        self.hasHealthKitEntitlement = hasHealthKitEntitlement
        self.hasBackgroundDeliveryEntitlement = hasBackgroundDeliveryEntitlement
    }

    /// Reads the manifest from an app's Info.plist and Entitlements.plist (XML or binary property lists).
    public init(infoPlist: URL, entitlements: URL) throws {
        try self.init(
            infoPlistContents: try Self.contents(of: infoPlist),
            entitlementsContents: try Self.contents(of: entitlements),
            infoPlistName: infoPlist.lastPathComponent, entitlementsName: entitlements.lastPathComponent)
    }

    /// Reads the manifest from the contents of an app's Info.plist and Entitlements.plist (XML or binary property
    /// lists), as healthd receives them when the owner registers an app.
    public init(
        infoPlistContents: Data, entitlementsContents: Data, infoPlistName: String = "Info.plist",
        entitlementsName: String = "Entitlements.plist"
    ) throws {
        let info = try Self.dictionary(infoPlistContents, name: infoPlistName)
        let entitlements = try Self.dictionary(entitlementsContents, name: entitlementsName)
        guard let bundleIdentifier = info["CFBundleIdentifier"] as? String, !bundleIdentifier.isEmpty else {
            throw HKError(.errorInvalidArgument, "\(infoPlistName) has no CFBundleIdentifier")
        }
        self.init(
            bundleIdentifier: bundleIdentifier,
            name: (info["CFBundleDisplayName"] as? String) ?? (info["CFBundleName"] as? String),
            version: (info["CFBundleVersion"] as? String) ?? (info["CFBundleShortVersionString"] as? String) ?? "1",
            shareUsageDescription: info["NSHealthShareUsageDescription"] as? String,
            updateUsageDescription: info["NSHealthUpdateUsageDescription"] as? String,
            clinicalHealthRecordsShareUsageDescription: info["NSHealthClinicalHealthRecordsShareUsageDescription"]
                as? String,
            hasHealthKitEntitlement: (entitlements["com.apple.developer.healthkit"] as? Bool) ?? false,
            hasBackgroundDeliveryEntitlement: (entitlements["com.apple.developer.healthkit.background-delivery"]
                as? Bool) ?? false)
    }

    /// Reads the manifest from an app folder holding `Info.plist` and `Entitlements.plist` (or one `*.entitlements`).
    public init(appFolder: URL) throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: appFolder.path)) ?? []
        guard
            let entitlements = files.first(where: { $0 == "Entitlements.plist" })
                ?? files.first(where: { $0.hasSuffix(".entitlements") })
        else {
            throw HKError(.errorInvalidArgument, "\(appFolder.path) has no Entitlements.plist")
        }
        try self.init(
            infoPlist: appFolder.appendingPathComponent("Info.plist"),
            entitlements: appFolder.appendingPathComponent(entitlements))
    }

    private static func contents(of url: URL) throws -> Data {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw HKError(.errorInvalidArgument, "cannot read \(url.path)")
        }
        return data
    }

    private static func dictionary(_ data: Data, name: String) throws -> [String: Any] {
        // PropertyListSerialization reads plists without resolving any external entity.
        guard let dictionary = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else {
            throw HKError(.errorInvalidArgument, "\(name) is not a property list dictionary")
        }
        return dictionary
    }

    /// The prefixes no app may take: the sources healthd writes itself, the owner's
    /// (``SourceRow/ownerBundleIdentifierPrefix``) and imported ones (``SourceRow/exportBundleIdentifierPrefix``),
    /// whose data an app with one of them would read and delete; and Apple's (`com.apple.`), whose Health app and
    /// devices count before every app in the default source order (``SourcePriority/standing(of:)``).
    package static let reservedBundleIdentifierPrefixes = [
        SourceRow.ownerBundleIdentifierPrefix, SourceRow.exportBundleIdentifierPrefix, "com.apple.",
    ]

    /// Apple's rule for a bundle identifier: a reverse-DNS string of ASCII letters, digits, hyphens and periods, here
    /// with at least two components, none empty, and at most 255 characters; and none of the reserved prefixes, nor
    /// a reserved prefix's bare name.
    package static func checkBundleIdentifier(_ identifier: String) throws {
        let components = identifier.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            identifier.utf8.count <= 255 && components.count >= 2
            && components.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(Self.isBundleIdentifierScalar) }
        guard valid else {
            throw HKError.invalidArgument(
                "The bundle identifier \(identifier) is not valid: use reverse-DNS form (letters, digits, hyphens and periods, no empty component)"
            )
        }
        // The bare name too (`org.openhealthkit.owner`): it is the reserved prefix with nothing after it.
        let lowercased = identifier.lowercased() + "."
        if let prefix = reservedBundleIdentifierPrefixes.first(where: { lowercased.hasPrefix($0) }) {
            throw HKError(
                .errorAuthorizationDenied,
                "The bundle identifier \(identifier) is reserved: no app may take one starting \(prefix)")
        }
    }

    private static func isBundleIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-": true
        default: false
        }
    }

    /// The provisioning checks HealthKit makes before any access: an explicit identifier (a valid, unreserved bundle
    /// identifier) and the entitlement.
    package func checkProvisioning() throws {
        if bundleIdentifier.contains("*") {
            throw HKError(
                .errorAuthorizationDenied,
                "The bundle identifier \(bundleIdentifier) is a wildcard App ID; HealthKit requires an explicit App ID."
            )
        }
        try Self.checkBundleIdentifier(bundleIdentifier)
        guard hasHealthKitEntitlement else {
            throw HKError(.errorAuthorizationDenied, "Missing com.apple.developer.healthkit entitlement.")
        }
    }

    /// HealthKit's checks of the usage descriptions for a request (it raises these as exceptions): writing needs
    /// NSHealthUpdateUsageDescription, reading NSHealthShareUsageDescription, and reading clinical records
    /// NSHealthClinicalHealthRecordsShareUsageDescription as well.
    package func checkUsageDescriptions(share: [String], read: [String]) throws {
        if !share.isEmpty {
            try Self.checkDescription(
                updateUsageDescription, key: "NSHealthUpdateUsageDescription", access: "write", types: share)
        }
        if !read.isEmpty {
            try Self.checkDescription(
                shareUsageDescription, key: "NSHealthShareUsageDescription", access: "read", types: read)
        }
        let clinical = read.filter { HKObjectType.type(forRawIdentifier: $0) is HKClinicalType }
        if !clinical.isEmpty {
            try Self.checkDescription(
                clinicalHealthRecordsShareUsageDescription, key: "NSHealthClinicalHealthRecordsShareUsageDescription",
                access: "read", types: clinical)
        }
    }

    private static func checkDescription(_ text: String?, key: String, access: String, types: [String]) throws {
        guard let text else {
            throw HKError(
                .errorInvalidArgument,
                "\(key) must be set in the app's Info.plist in order to request \(access) authorization for the following types: "
                    + types.sorted().joined(separator: ", "))
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw HKError(.errorInvalidArgument, "The string \"\(text)\" is an invalid value for \(key)")
        }
    }
}
