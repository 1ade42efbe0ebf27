import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk sources priority TYPE [--set "Source A,Source B"]`: the order in which sources count when statistics merge
/// overlapping samples of a quantity type, printed or set.
struct SourcesPriorityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "priority",
        abstract: "Print or set the order in which sources count when statistics merge a quantity type's samples.",
        discussion: """
            Where samples of a cumulative type (stepCount) from several sources overlap in time, statistics count \
            only the first source in this order. Without --set, prints the sources that saved samples of the type, \
            first first. --set takes names or bundle identifiers, comma-separated, of sources that saved samples of \
            the type; those come first, in that order, the others after them in the order they first saved the type. \
            --set "" returns to that default order. Setting prints nothing.

            Example: hk sources priority stepCount --set "My Watch,Health"
            """
    )

    @Argument(help: ArgumentHelp("The quantity type, by short name (stepCount) or raw identifier.", valueName: "type"))
    var type: String
    @Option(
        name: .customLong("set"), help: ArgumentHelp("The sources to count first, comma-separated.", valueName: "names")
    )
    var order: String?
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let quantityType = try CommandLineInput.quantityType(named: type)
        let engine = try store.openEngine()
        let sources = try await engine.sources(of: quantityType, predicate: nil, as: try Principal.owner())
        if let order {
            let names = order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            let chosen = try names.map { try Self.source(named: $0, among: sources, of: quantityType) }
            return try await engine.setSourcePriority(chosen.map(\.bundleIdentifier), for: quantityType)
        }
        let byIdentifier = Dictionary(
            sources.map { ($0.bundleIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        try await output.print(
            try engine.sourcePriority(for: quantityType).compactMap { byIdentifier[$0] }.map(SourceRecord.init))
    }

    /// The source with this bundle identifier, else with this name, among those that saved samples of `type`.
    private static func source(named name: String, among sources: [HKSource], of type: HKQuantityType) throws
        -> HKSource
    {
        if let source = sources.first(where: { $0.bundleIdentifier == name }) { return source }
        let named = sources.filter { $0.name == name }
        if named.count == 1 { return named[0] }
        if named.count > 1 {
            throw HKError.invalidArgument(
                "'\(name)' names \(named.count) sources of \(type.name): use a bundle identifier, "
                    + named.map(\.bundleIdentifier).joined(separator: " or "))
        }
        guard !sources.isEmpty else { throw HKError.invalidArgument("no source has saved \(type.name) samples yet") }
        throw HKError.invalidArgument(
            "no source named '\(name)' has saved \(type.name) samples: use one of "
                + sources.map { "\($0.name) (\($0.bundleIdentifier))" }.joined(separator: ", "))
    }
}
