import Foundation
public import OpenHealthKitModel

/// The app or device that saved objects: `{"name": "Cardio", "bundleIdentifier": "com.example.cardio"}`.
public struct WireSource: Codable, Sendable, Hashable {
    /// The source's name, as shown to the user.
    public var name: String
    /// The source's bundle identifier.
    public var bundleIdentifier: String

    /// A source of this name and bundle identifier.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The wire form of a source.
    public init(_ source: HKSource) {
        self.init(name: source.name, bundleIdentifier: source.bundleIdentifier)
    }

    /// The source.
    public var source: HKSource { HKSource(name: name, bundleIdentifier: bundleIdentifier) }
}

/// The version of a source that saved an object; the operating system version as `"major.minor.patch"`.
public struct WireSourceRevision: Codable, Sendable, Hashable {
    /// The app or device.
    public var source: WireSource
    /// The app's version (`CFBundleVersion`); nil when unknown.
    public var version: String?
    /// The hardware the app ran on (e.g. `iPhone15,2`); nil when unknown.
    public var productType: String?
    /// The operating system version, `major.minor.patch`.
    public var operatingSystemVersion: String

    /// The wire form of a source revision.
    public init(_ revision: HKSourceRevision) {
        source = WireSource(revision.source)
        version = revision.version
        productType = revision.productType
        let os = revision.operatingSystemVersion
        operatingSystemVersion = "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
    }

    /// The source revision; parts missing from the version string read as 0.
    public var sourceRevision: HKSourceRevision {
        let parts = operatingSystemVersion.split(separator: ".").map { Int($0) ?? 0 } + [0, 0, 0]
        return HKSourceRevision(
            source: source.source, version: version, productType: productType,
            operatingSystemVersion: OperatingSystemVersion(
                majorVersion: parts[0], minorVersion: parts[1], patchVersion: parts[2]))
    }
}
