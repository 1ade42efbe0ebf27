public import Foundation

/// A source at a particular version, on a particular product and operating system.
///
/// The store stamps one on every object it saves. Two revisions are equal when all their fields are equal.
public final class HKSourceRevision: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The app or device that saved the object.
    public let source: HKSource
    /// The source's version (its `CFBundleVersion`), if known.
    public let version: String?
    /// The product the sample was saved on, e.g. `"iPhone14,2"`.
    public let productType: String?
    /// The version of the operating system the object was saved on.
    public let operatingSystemVersion: OperatingSystemVersion

    /// A revision with these fields.
    public init(
        source: HKSource, version: String?, productType: String?, operatingSystemVersion: OperatingSystemVersion
    ) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
        super.init()
    }

    /// A revision for queries: any product type and any operating system, as in HealthKit.
    public convenience init(source: HKSource, version: String?) {
        self.init(
            source: source, version: version,
            productType: HKSourceRevisionAnyProductType, operatingSystemVersion: HKSourceRevisionAnyOperatingSystem
        )
    }

    /// The revision an object carries until the store saves it: the current process's source, no version.
    package static func placeholder() -> HKSourceRevision {
        HKSourceRevision(source: .default(), version: nil)
    }

    /// Revisions are equal when their source, version, product type and operating system version are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKSourceRevision else { return false }
        return other.source == source && other.version == version && other.productType == productType
            && other.operatingSystemVersion.majorVersion == operatingSystemVersion.majorVersion
            && other.operatingSystemVersion.minorVersion == operatingSystemVersion.minorVersion
            && other.operatingSystemVersion.patchVersion == operatingSystemVersion.patchVersion
    }

    /// The hash of every field.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(source)
        hasher.combine(version)
        hasher.combine(productType)
        hasher.combine(operatingSystemVersion.majorVersion)
        hasher.combine(operatingSystemVersion.minorVersion)
        hasher.combine(operatingSystemVersion.patchVersion)
        return hasher.finalize()
    }

    /// The fields, for debugging.
    public override var description: String {
        let os = operatingSystemVersion
        return
            "<HKSourceRevision name:\(source.name), bundle:\(source.bundleIdentifier), version:\(version ?? "(null)"), "
            + "productType:\(productType ?? "(null)"), operatingSystemVersion:\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)>"
    }

    // MARK: NSSecureCoding

    /// Revisions are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the source, version, product type and operating system version.
    public func encode(with coder: NSCoder) {
        coder.encode(source, forKey: "source")
        coder.encodeString(version, forKey: "version")
        coder.encodeString(productType, forKey: "productType")
        coder.encode(operatingSystemVersion.majorVersion, forKey: "osMajor")
        coder.encode(operatingSystemVersion.minorVersion, forKey: "osMinor")
        coder.encode(operatingSystemVersion.patchVersion, forKey: "osPatch")
    }

    /// Unarchives a revision; nil without a source.
    public init?(coder: NSCoder) {
        guard let source = coder.decodeIfPresent(HKSource.self, forKey: "source") else { return nil }
        self.source = source
        version = coder.decodeString(forKey: "version")
        productType = coder.decodeString(forKey: "productType")
        operatingSystemVersion = OperatingSystemVersion(
            majorVersion: coder.decodeInteger(forKey: "osMajor"), minorVersion: coder.decodeInteger(forKey: "osMinor"),
            patchVersion: coder.decodeInteger(forKey: "osPatch"))
        super.init()
    }
}

/// Matches any version in a source-revision predicate.
public let HKSourceRevisionAnyVersion = "HKSourceRevisionAnyVersion"
/// Matches any product type in a source-revision predicate.
public let HKSourceRevisionAnyProductType = "HKSourceRevisionAnyProductType"
/// Matches any operating system in a source-revision predicate.
///
/// HealthKit does not publish the value; OpenHealthKit uses 0.0.0, a version no real system reports.
public let HKSourceRevisionAnyOperatingSystem = OperatingSystemVersion(
    majorVersion: 0, minorVersion: 0, patchVersion: 0)
