import Foundation

extension SourceRow {
    /// The source of the imported records Apple's export names no source for (vision prescriptions, the documents of
    /// `export_cda.xml`): the Health app, which keeps them.
    package static let exportedHealthApp = SourceRow(
        bundleIdentifier: exportBundleIdentifierPrefix + "health", name: "Health")

    /// What the bundle identifier of every source an import names starts with.
    package static let exportBundleIdentifierPrefix = "org.openhealthkit.export."

    /// The part of an export source's bundle identifier its name gives: the name's ASCII letters and digits,
    /// lowercased, every run of other characters as one `-` (none at the ends), at most 32 characters; `source` when
    /// nothing is left. "Annas iPhone" is `annas-iphone`, "Здоровье" `source`.
    package static func exportSlug(forName name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "source" : String(slug.prefix(32))
    }
}
