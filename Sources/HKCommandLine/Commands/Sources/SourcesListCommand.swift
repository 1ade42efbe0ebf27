import ArgumentParser
import OpenHealthKit
import OpenHealthKitEngine

/// `hk sources [list] TYPE`: the sources that saved samples of a type.
struct SourcesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the sources (apps, devices, hk) that saved samples of a type, with their bundle identifiers."
    )

    @Argument(help: ArgumentHelp("The type, by short name (stepCount) or raw identifier.", valueName: "type"))
    var type: String
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let sampleType = try CommandLineInput.sampleType(named: type)
        let sources = try await store.openEngine().sources(of: sampleType, predicate: nil, as: try Principal.owner())
        try output.print(sources.map(SourceRecord.init))
    }
}
