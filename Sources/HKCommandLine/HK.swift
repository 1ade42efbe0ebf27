import ArgumentParser

/// `hk`: the OpenHealthKit command-line tool.
public struct HK: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hk",
        abstract: "OpenHealthKit's command-line tool: units, types, samples, statistics, import and export."
    )
    public init() {}
}
