import ArgumentParser

/// `ohk-bench`: OpenHealthKit's benchmarks, each beside its raw baseline in the same run.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk-bench",
        abstract: "OpenHealthKit benchmarks, each measured beside its raw baseline in the same run.",
        subcommands: [
            SaveBenchmark.self,
            QueryBenchmark.self,
            AnchoredBenchmark.self,
            StatisticsBenchmark.self,
            LoadBenchmark.self,
            LoadApp.self,
            ImportBenchmark.self,
        ])
}
