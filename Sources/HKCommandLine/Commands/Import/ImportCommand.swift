import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitExchange

/// `hk import PATH [--quiet] [--format text|json]`: imports an Apple Health export into the store, as the owner.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export: export.zip, the folder it unzips to, or export.xml.",
        discussion: """
            Records keep the sources that wrote them and go through the same checks as any save; a record that \
            cannot be imported is skipped and listed in the summary (the import still succeeds). A document that \
            ends early (cut short) imports what it holds and exits 3, saying so. Importing the \
            same export again, or a newer one holding it, adds only what is new. The export is read as a stream: \
            memory stays the same whatever its size. Progress goes to stderr (one updating line on a terminal, \
            otherwise a line every 5 seconds and one at the end) unless --quiet; the summary goes to stdout.
            """
    )

    @Argument(
        help: ArgumentHelp("export.zip, the folder holding an unzipped export, or export.xml.", valueName: "path"))
    var path: String
    @Flag(help: "Print no progress.")
    var quiet = false
    @Option(help: "Summary format: text for people, json for programs.")
    var format: ImportSummaryFormat = .text
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption

    func validate() throws {
        if path.isEmpty { throw ValidationError("<path> needs a file or folder") }
    }

    func run() async throws {
        let timeZone = try zone.timeZone(store: store)
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw HKError.invalidArgument("cannot import \(path): no such file or folder")
        }
        // Checked before the store is opened, so that what is not an export leaves no store behind.
        do {
            try HealthExportImporter.validate(url)
        } catch let error as HKError {
            throw naming(error, url)
        }
        let importer = HealthExportImporter(engine: try store.openEngine())
        let meter = quiet ? nil : ImportProgressMeter(isTerminal: isatty(STDERR_FILENO) == 1)
        let summary: ImportSummary
        do {
            summary = try importer.import(from: url) { meter?.report($0) }
        } catch let error as HKError {
            meter?.abandon()
            throw naming(error, url)
        } catch {
            meter?.abandon()
            throw error
        }
        meter?.finish()
        print(try format.render(summary, timeZone: timeZone), terminator: "")
        if let incomplete = summary.incomplete {
            // The summary is printed; the status and one line on stderr say that the document was cut short.
            FileHandle.standardError.write(Data("hk: \(path) is incomplete: \(incomplete.message)\n".utf8))
            throw ExitCode(ExitStatus.incomplete.rawValue)
        }
    }

    /// The importer's error, an invalid argument naming the path as given when it does not name it already.
    private func naming(_ error: HKError, _ url: URL) -> HKError {
        guard error.code == .errorInvalidArgument, !error.message.contains(url.path) else { return error }
        return HKError.invalidArgument("cannot import \(path): \(error.message)")
    }
}

/// How `hk import` prints its summary: `--format text|json`.
enum ImportSummaryFormat: String, CaseIterable, ExpressibleByArgument {
    /// Tables and lists for people (the default).
    case text
    /// `ImportSummary` as pretty-printed JSON with sorted keys, for programs.
    case json

    func render(_ summary: ImportSummary, timeZone: TimeZone) throws -> String {
        switch self {
        case .text: return ImportSummaryText(summary: summary, timeZone: timeZone).render()
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(date.formattedForOutput(in: timeZone))
            }
            return String(decoding: try encoder.encode(summary), as: UTF8.self) + "\n"
        }
    }
}
