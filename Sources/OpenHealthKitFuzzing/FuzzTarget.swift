package import Foundation

/// The parsers that read bytes from outside (an app, an export file, a person at a terminal), each behind one
/// function of bytes that libFuzzer drives (`Scripts/fuzz`, `Fuzz/README.md`).
///
/// A target returns normally for every input: it accepts the input or refuses it with the error its callers expect
/// (`HKError`, a decoding error). It traps only when something is wrong: a crash in the code under test, an error of
/// a kind no caller handles, or a broken property (``FuzzCheck``). libFuzzer reports a trap as a crash; the input
/// that caused it then goes to `Fuzz/Crashes/<target>/`, which the test suite replays.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// Unit strings (`HKUnit(parsing:)`): `mg/dL`, `mmol<180.15588000005408>/L`.
    case unitString = "unit-string"
    /// An `export.xml` document, imported into a store.
    case exportXML = "export-xml"
    /// An `export.zip` archive, imported into a store.
    case exportZip = "export-zip"
    /// The JSON bodies of healthd's routes that take one, decoded as healthd decodes them and run on a store.
    case wireBody = "wire-body"
    /// Dates: the export's, the wire's and `hk`'s.
    case date
    /// Metadata: the export's `MetadataEntry` values, the wire's and `hk`'s `KEY=VALUE`.
    case metadata
    /// A Health Auto Export push, stored in a store (`POST /v1/ingest/health-auto-export`).
    case healthAutoExport = "health-auto-export"

    /// Runs one input through the target: true when it was accepted (by at least one of the target's parsers, for a
    /// target that tries several; by every request, for the wire's), false when it was refused.
    @discardableResult
    package func run(_ data: Data) -> Bool {
        switch self {
        case .unitString: UnitStringFuzzing.run(data)
        case .exportXML: ExportImportFuzzing.run(data, fileName: "export.xml")
        case .exportZip: ExportImportFuzzing.run(data, fileName: "export.zip")
        case .wireBody: WireBodyFuzzing.run(data)
        case .date: DateFuzzing.run(data)
        case .metadata: MetadataFuzzing.run(data)
        case .healthAutoExport: AutoExportFuzzing.run(data)
        }
    }
}
