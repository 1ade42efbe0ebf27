import ArgumentParser
import OpenHealthKitSQLite

/// `ohk-bench`: OpenHealthKit's benchmarks, each beside its raw baseline in the same run.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk-bench",
        abstract: "OpenHealthKit benchmarks, each measured beside its raw baseline in the same run.",
        subcommands: [
            SaveBenchmark.self,
            QueryBenchmark.self,
            FHIRSearchBenchmark.self,
            HealthLinkBenchmark.self,
            AnchoredBenchmark.self,
            StatisticsBenchmark.self,
            SeriesBenchmark.self,
            LoadBenchmark.self,
            LoadApp.self,
            ImportBenchmark.self,
            IngestBenchmark.self,
            PostgresBenchmark.self,
            MigrateBenchmark.self,
            WebPageBenchmark.self,
            WebYearPagesBenchmark.self,
            WorkoutPageBenchmark.self,
            RouteBenchmark.self,
        ])

    /// The benchmarks run as `hk` and `healthd` do: with SQLite's process-wide settings applied first (the raw
    /// baselines share the process, and so the settings).
    static func main() async {
        SQLiteProcessSettings.apply()
        await main(nil)
    }
}
