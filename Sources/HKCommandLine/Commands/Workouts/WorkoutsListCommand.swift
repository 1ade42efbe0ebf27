import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk workouts [list] [--from DATE] [--to DATE]`: the workouts, by start date, with their totals.
struct WorkoutsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the workouts, by start date.",
        discussion: """
            --from and --to keep the workouts that start in [from, to). Each row: its UUID, activity type, start, end, \
            active duration in seconds (without pauses), distance in m, active energy in kcal, average heart rate in \
            count/min (the workout's statistics, else the heart rates stored during it) and the number of route \
            locations. Fields a workout does not have are empty (null in JSON).

            Example: hk workouts --from 2024-11-01 --format json
            """
    )

    @Option(help: ArgumentHelp("Only workouts starting at or after this date.", valueName: "date"))
    var from: String?
    @Option(help: ArgumentHelp("Only workouts starting before this date.", valueName: "date"))
    var to: String?
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let timeZone = try zone.timeZone()
        let start = try from.map { try CommandLineInput.date($0, timeZone: timeZone) }
        let end = try to.map { try CommandLineInput.date($0, timeZone: timeZone) }
        if let start, let end, end <= start {
            throw HKError.invalidArgument("--to \(to ?? "") is not after --from \(from ?? "")")
        }
        let engine = try store.openEngine()
        let owner = try Principal.owner()
        let dates: PredicateTree? =
            start == nil && end == nil
            ? nil : .leaf(.sampleDates(SampleDateRange(start: start, end: end, options: .strictStartDate)))
        let workouts = try await engine.samples(
            of: HKObjectType.workoutType(), predicate: dates, sort: [RowSort(.startDate)], as: owner
        ).compactMap { $0 as? HKWorkout }
        try output.print(
            try workouts.map { workout in
                WorkoutRecord(
                    workout, averageHeartRate: try averageHeartRate(of: workout, engine: engine, as: owner),
                    routePoints: try WorkoutRoutes.routes(of: workout.uuid, engine: engine, as: owner)
                        .reduce(0) { $0 + $1.count },
                    timeZone: timeZone)
            })
    }

    /// The workout's average heart rate in count/min: its own statistics', else the store's heart rates during it.
    private func averageHeartRate(of workout: HKWorkout, engine: HealthEngine, as owner: Principal) throws -> Double? {
        let heartRate = HKQuantityType(.heartRate), bpm = HKUnit.count().unitDivided(by: .minute())
        if let average = workout.statistics(for: heartRate)?.averageQuantity() { return average.doubleValue(for: bpm) }
        let span = PredicateTree.leaf(
            .sampleDates(SampleDateRange(start: workout.startDate, end: workout.endDate, options: [])))
        let result = try engine.blocking {
            try await $0.statistics(
                StatisticsRequest(type: heartRate, predicate: span, options: .discreteAverage), as: owner)
        }
        return result.buckets.first?.merged.average.map {
            HKQuantity(unit: heartRate.canonicalUnit, doubleValue: $0).doubleValue(for: bpm)
        }
    }
}
