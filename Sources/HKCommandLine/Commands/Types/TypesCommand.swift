import ArgumentParser
import OpenHealthKit

/// `hk types [TYPE...] [--kind KIND] [--format table|json|csv]`: the catalog of types.
struct TypesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract:
            "List the types of data: identifier, raw string, kind, canonical unit, aggregation style, writability, category values."
    )

    @Argument(
        help: ArgumentHelp(
            "Only these types, by short name (stepCount) or raw identifier (HKQuantityTypeIdentifierStepCount).",
            valueName: "type"
        ))
    var types: [String] = []
    @Option(help: "Only types of this kind.")
    var kind: TypeKind?
    @OptionGroup var output: FormatOption

    func run() async throws {
        let identifiers = try Set(types.map { try CommandLineInput.objectType(named: $0).identifier })
        let entries = TypeCatalog.entries.filter { entry in
            (identifiers.isEmpty || identifiers.contains(entry.identifier)) && (kind == nil || entry.kind == kind)
        }
        try output.print(entries)
    }
}
