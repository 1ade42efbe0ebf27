/// The forms Health's Export All Health Data writes, the ones `hk export` writes (docs/EXPORT.md).
package enum WebExportFormat: String, CaseIterable, Sendable {
    /// Apple Health's export, zipped as the Health app zips it.
    case appleXML = "apple-xml"
    /// A FHIR R4 Bundle of Observations, one JSON file.
    case fhir
    /// One CSV file per type, zipped.
    case csv

    /// How the Me page offers it.
    var label: String {
        switch self {
        case .appleXML: "Apple Health export (export.zip)"
        case .fhir: "FHIR R4 Bundle (export.json)"
        case .csv: "CSV files, one per type (health-csv.zip)"
        }
    }

    /// The file the export is, and is downloaded as.
    package var fileName: String {
        switch self {
        case .appleXML: "export.zip"
        case .fhir: "export.json"
        case .csv: "health-csv.zip"
        }
    }

    var contentType: String {
        self == .fhir ? "application/fhir+json" : "application/zip"
    }
}
