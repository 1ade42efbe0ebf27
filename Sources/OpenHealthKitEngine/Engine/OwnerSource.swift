import Foundation
import OpenHealthKitModel

extension SourceRow {
    /// The source the owner's own tools (`hk`, the Health web app) write under, named `name` ("Health" by default).
    ///
    /// Its bundle identifier is `org.openhealthkit.owner.` followed by a slug of the name, so the same name always
    /// gives the same source: ASCII letters and digits are kept, lowercased; any other letter or digit becomes its
    /// Unicode code point in lowercase hex; every run of other characters becomes one `-`. "Health" is
    /// `org.openhealthkit.owner.health`, "My Scale" `org.openhealthkit.owner.my-scale`, "Santé"
    /// `org.openhealthkit.owner.sant-e9`. Names differing only in case or punctuation are one source, which keeps
    /// the latest spelling. A name without a letter or digit is an invalid argument.
    package static func owner(named name: String) throws -> SourceRow {
        let slug = slug(name)
        guard !slug.isEmpty else {
            throw HKError.invalidArgument("invalid source name '\(name)': it needs at least one letter or digit")
        }
        return SourceRow(bundleIdentifier: ownerBundleIdentifierPrefix + slug, name: name)
    }

    /// What every owner source's bundle identifier starts with.
    package static let ownerBundleIdentifierPrefix = "org.openhealthkit.owner."

    private static func slug(_ name: String) -> String {
        var segments: [String] = []
        var current = ""
        func endSegment() {
            if !current.isEmpty { segments.append(current) }
            current = ""
        }
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                endSegment()
                segments.append(String(scalar.value, radix: 16))
            } else {
                endSegment()
            }
        }
        endSegment()
        return segments.joined(separator: "-")
    }
}
