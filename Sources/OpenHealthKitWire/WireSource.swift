import Foundation
public import OpenHealthKitModel

/// The app or device that saved objects: `{"name": "Cardio", "bundleIdentifier": "com.example.cardio"}`.
public struct WireSource: Codable, Sendable, Hashable {
    public var name: String
    public var bundleIdentifier: String

    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    public init(_ source: HKSource) {
        self.init(name: source.name, bundleIdentifier: source.bundleIdentifier)
    }

    public var source: HKSource { HKSource(name: name, bundleIdentifier: bundleIdentifier) }
}

/// The version of a source that saved an object; the operating system version as `"major.minor.patch"`.
public struct WireSourceRevision: Codable, Sendable, Hashable {
    public var source: WireSource
    public var version: String?
    public var productType: String?
    public var operatingSystemVersion: String

    public init(_ revision: HKSourceRevision) {
        source = WireSource(revision.source)
        version = revision.version
        productType = revision.productType
        let os = revision.operatingSystemVersion
        operatingSystemVersion = "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
    }

    public var sourceRevision: HKSourceRevision {
        let parts = operatingSystemVersion.split(separator: ".").map { Int($0) ?? 0 } + [0, 0, 0]
        return HKSourceRevision(
            source: source.source, version: version, productType: productType,
            operatingSystemVersion: OperatingSystemVersion(majorVersion: parts[0], minorVersion: parts[1], patchVersion: parts[2]))
    }
}
