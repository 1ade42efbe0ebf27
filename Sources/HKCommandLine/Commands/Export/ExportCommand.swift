import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitExchange

/// `hk export --format apple-xml|fhir|csv --out PATH [--type TYPE ...] [--from DATE] [--to DATE]`: the store, or part
/// of it, as Apple Health's export, a FHIR R4 Bundle, or CSV files.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the store: Apple Health's export format, a FHIR R4 Bundle, or one CSV file per type.",
        discussion: """
            apple-xml writes what Apple's Health app exports: a folder (export.xml and clinical-records/), a .zip of \
            it, or the document alone (a .xml path). Importing it gives back the same store. fhir writes one JSON \
            file, a FHIR R4 Bundle of Observations (LOINC and UCUM where they apply, docs/FHIR.md). csv writes a \
            folder with one file per type. --out must not exist: an export never replaces anything; files are \
            readable by you only (0600). --type (repeatable) keeps those types (samples, activitySummary, \
            characteristics, audiogram); --from and --to keep the samples that start in [from, to). Dates are \
            written in --timezone. Prints what was written.

            Example: hk export --format apple-xml --out ~/health-export.zip
            """
    )

    @Option(help: ArgumentHelp("What to write.", valueName: "format"))
    var format: ExportFormatName
    @Option(help: ArgumentHelp("The file or folder to create.", valueName: "path"))
    var out: String
    @Option(
        name: .customLong("type"),
        help: ArgumentHelp("Only this type, by short name or raw identifier; repeat for more.", valueName: "type"))
    var types: [String] = []
    @Option(help: ArgumentHelp("Only samples starting at or after this date.", valueName: "date"))
    var from: String?
    @Option(help: ArgumentHelp("Only samples starting before this date.", valueName: "date"))
    var to: String?
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption

    func run() async throws {
        let request = try request()
        try HealthExporter.validate(request)
        let summary = try HealthExporter(engine: try store.openExistingEngine("nothing to export")).export(request)
        print(Self.describe(summary), terminator: "")
    }

    /// The export the options ask for, every option checked.
    private func request() throws -> ExportRequest {
        guard !out.isEmpty else { throw HKError.invalidArgument("--out needs a path") }
        let timeZone = try zone.timeZone(store: store)
        let start = try from.map { try CommandLineInput.date($0, timeZone: timeZone) }
        let end = try to.map { try CommandLineInput.date($0, timeZone: timeZone) }
        if let start, let end, end <= start {
            throw HKError.invalidArgument("--to \(to ?? "") is not after --from \(from ?? "")")
        }
        return ExportRequest(
            format: format.format, destination: URL(fileURLWithPath: out),
            typeIdentifiers: types.isEmpty ? nil : try types.map(Self.typeIdentifier),
            start: start, end: end, timeZone: timeZone)
    }

    /// A type `hk export` takes: any type of the catalog by name, or `audiogram`.
    private static func typeIdentifier(_ name: String) throws -> String {
        if name.lowercased() == "audiogram" || name == ExportRequest.audiogramTypeIdentifier {
            return ExportRequest.audiogramTypeIdentifier
        }
        return try CommandLineInput.objectType(named: name).identifier
    }

    /// `wrote PATH (format, N files): N samples, …`, then what the format had no place for.
    private static func describe(_ summary: ExportSummary) -> String {
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
        }
        var parts = [count(summary.records.values.reduce(0, +), "sample")]
        if summary.activitySummaries > 0 {
            parts.append(count(summary.activitySummaries, "activity summary", "activity summaries"))
        }
        if summary.clinicalRecords > 0 { parts.append(count(summary.clinicalRecords, "clinical record")) }
        if summary.unrecognizedRecords > 0 {
            parts.append(count(summary.unrecognizedRecords, "record kept verbatim", "records kept verbatim"))
        }
        if summary.characteristics > 0 { parts.append(count(summary.characteristics, "characteristic")) }
        var text =
            "wrote \(summary.destination) (\(summary.format.rawValue), \(count(summary.files.count, "file"))): "
            + parts.joined(separator: ", ") + "\n"
        if !summary.notWritten.isEmpty {
            text +=
                "not written (\(summary.format.rawValue) has no place for them): "
                + summary.notWritten.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                + "\n"
        }
        return text
    }
}

/// `--format`'s values.
enum ExportFormatName: String, ExpressibleByArgument, CaseIterable {
    case appleXML = "apple-xml"
    case fhir
    case csv

    var format: ExportFormat { ExportFormat(rawValue: rawValue)! }
}
