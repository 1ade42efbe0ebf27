import ArgumentParser

/// How a command prints its records: `--format table|json|csv`.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// Aligned columns for people (the default).
    case table
    /// A pretty-printed JSON array with sorted keys, for programs.
    case json
    /// RFC 4180 CSV with a header row, for programs.
    case csv

    /// `records` rendered in this format, ending with a newline.
    func render<Record: OutputRecord>(_ records: [Record]) throws -> String {
        switch self {
        case .table: return TableRenderer.render(columns: Record.columns, rows: records.map(\.cells))
        case .csv: return CSVRenderer.render(columns: Record.columns, rows: records.map(\.cells))
        case .json: return try JSONRenderer.render(records)
        }
    }
}

/// The `--format` option, shared by every command that prints records: `@OptionGroup var output: FormatOption`.
struct FormatOption: ParsableArguments {
    @Option(help: "Output format: table for people, json or csv for programs.")
    var format: OutputFormat = .table

    /// Prints `records` to stdout in the chosen format.
    func print<Record: OutputRecord>(_ records: [Record]) throws {
        Swift.print(try format.render(records), terminator: "")
    }
}
