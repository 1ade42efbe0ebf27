import Foundation

extension SourceRow {
    /// The source of the imported records Apple's export names no source for (vision prescriptions, the documents of
    /// `export_cda.xml`): the Health app, which keeps them.
    package static let exportedHealthApp = SourceRow(
        bundleIdentifier: "org.openhealthkit.export.health", name: "Health")
}
