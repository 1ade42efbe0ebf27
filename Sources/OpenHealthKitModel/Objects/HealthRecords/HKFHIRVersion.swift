public import Foundation

/// A FHIR version (`major.minor.patch`) and the release it belongs to.
///
/// Two versions are equal when their three numbers are.
public final class HKFHIRVersion: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The major version, e.g. 4 in 4.0.1.
    public let majorVersion: Int
    /// The minor version, e.g. 0 in 4.0.1.
    public let minorVersion: Int
    /// The patch version, e.g. 1 in 4.0.1.
    public let patchVersion: Int

    package init(majorVersion: Int, minorVersion: Int, patchVersion: Int) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.patchVersion = patchVersion
        super.init()
    }

    /// Reads a version string of three non-negative integers separated by periods (`"4.0.1"`); anything else throws
    /// ``HKError`` `errorInvalidArgument`.
    public convenience init(fromVersionString versionString: String) throws {
        let parts = versionString.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in
            part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) ? Int(part) : nil
        }
        guard parts.count == 3, numbers.count == 3 else {
            throw HKError.invalidArgument(
                "\"\(versionString)\" is not a FHIR version: it must be major.minor.patch (e.g. 4.0.1)")
        }
        self.init(majorVersion: numbers[0], minorVersion: numbers[1], patchVersion: numbers[2])
    }

    /// The DSTU2 version HealthKit reads: 1.0.2.
    public class func primaryDSTU2() -> HKFHIRVersion {
        HKFHIRVersion(majorVersion: 1, minorVersion: 0, patchVersion: 2)
    }

    /// The R4 version HealthKit reads: 4.0.1.
    public class func primaryR4() -> HKFHIRVersion { HKFHIRVersion(majorVersion: 4, minorVersion: 0, patchVersion: 1) }

    /// The release: R4 for 4.0.x, DSTU2 for 1.0.x, ``HKFHIRRelease/unknown`` otherwise.
    public var fhirRelease: HKFHIRRelease {
        switch (majorVersion, minorVersion) {
        case (4, 0): .r4
        case (1, 0): .dstu2
        default: .unknown
        }
    }

    /// The version as `major.minor.patch`.
    public var stringRepresentation: String { "\(majorVersion).\(minorVersion).\(patchVersion)" }

    /// Versions are equal when their numbers are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKFHIRVersion else { return false }
        return (other.majorVersion, other.minorVersion, other.patchVersion)
            == (majorVersion, minorVersion, patchVersion)
    }

    /// The numbers' hash.
    public override var hash: Int { stringRepresentation.hashValue }

    /// The version string.
    public override var description: String { stringRepresentation }

    // MARK: NSSecureCoding

    /// Versions are archived securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the three numbers.
    public func encode(with coder: NSCoder) {
        coder.encode(majorVersion, forKey: "major")
        coder.encode(minorVersion, forKey: "minor")
        coder.encode(patchVersion, forKey: "patch")
    }

    /// Unarchives a version; nil when a number is missing or negative.
    public init?(coder: NSCoder) {
        let numbers = ["major", "minor", "patch"].map { coder.decodeInteger(forKey: $0) }
        guard ["major", "minor", "patch"].allSatisfy(coder.containsValue(forKey:)), numbers.allSatisfy({ $0 >= 0 })
        else { return nil }
        majorVersion = numbers[0]
        minorVersion = numbers[1]
        patchVersion = numbers[2]
        super.init()
    }
}
