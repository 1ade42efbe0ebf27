import Foundation

/// A source revision to match, as given to `predicateForObjects(from: Set<HKSourceRevision>)`: each field either
/// must equal the object's (nil included) or, when the revision used a `HKSourceRevisionAny...` constant, matches anything.
package struct SourceRevisionPattern: Hashable, Sendable {
    /// A field that must equal a value, or matches any value.
    package enum Field<Value: Hashable & Sendable>: Hashable, Sendable {
        case any
        case equalTo(Value)
    }

    /// An operating system version as plain numbers.
    package struct OperatingSystem: Hashable, Sendable {
        package let majorVersion: Int
        package let minorVersion: Int
        package let patchVersion: Int
    }

    package let bundleIdentifier: String
    package let version: Field<String?>
    package let productType: Field<String?>
    package let operatingSystemVersion: Field<OperatingSystem>

    package init(
        bundleIdentifier: String, version: Field<String?>, productType: Field<String?>,
        operatingSystemVersion: Field<OperatingSystem>
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    package init(_ revision: HKSourceRevision) {
        let os = revision.operatingSystemVersion
        let any = HKSourceRevisionAnyOperatingSystem
        let isAnyOperatingSystem =
            os.majorVersion == any.majorVersion && os.minorVersion == any.minorVersion
            && os.patchVersion == any.patchVersion
        self.init(
            bundleIdentifier: revision.source.bundleIdentifier,
            version: revision.version == HKSourceRevisionAnyVersion ? .any : .equalTo(revision.version),
            productType: revision.productType == HKSourceRevisionAnyProductType ? .any : .equalTo(revision.productType),
            operatingSystemVersion: isAnyOperatingSystem
                ? .any
                : .equalTo(
                    OperatingSystem(
                        majorVersion: os.majorVersion, minorVersion: os.minorVersion,
                        patchVersion: os.patchVersion)))
    }
}
