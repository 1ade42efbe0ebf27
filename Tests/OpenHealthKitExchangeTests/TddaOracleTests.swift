import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// tdda's export, checked against the CSVs an independent extractor (applehealthdata.py) made from it.
@Suite struct TddaOracleTests {
    static let folder = "tdda-applehealthdata"
    let harness: ImportHarness
    let summary: ImportSummary

    init() throws {
        harness = try ImportHarness()
        summary = try harness.importing(fixture: "\(Self.folder)/export6s3sample.xml")
    }

    /// The CSV's rows as dictionaries by header (its fields hold no commas).
    private func csv(_ name: String) throws -> [[String: String]] {
        let lines = try Fixtures.text("\(Self.folder)/\(name)").split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }

    private func date(_ text: String?) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return text.flatMap(formatter.date(from:))
    }

    @Test func everyRecordIsAccountedFor() throws {
        #expect(summary.isBalanced)
        #expect(summary.skippedTotal == 0)
        #expect(
            summary.records.values.reduce(0) { $0 + $1.read }
                == (try Fixtures.count("Record", in: "\(Self.folder)/export6s3sample.xml")))
        #expect(summary.records.values.reduce(0) { $0 + $1.added } == 15)
        #expect(summary.workouts == .init(read: 1, added: 1))
        #expect(summary.activitySummaries == .init(read: 2, added: 2))
        #expect(summary.locale == "en_GB")
        #expect(summary.exportDate == date("2016-04-15 07:27:26 +0100"))
    }

    @Test(arguments: [
        ("StepCount.csv", HKQuantityTypeIdentifier.stepCount, "count"),
        ("DistanceWalkingRunning.csv", .distanceWalkingRunning, "km"),
    ])
    func quantitiesMatchTheExtractor(_ file: String, _ identifier: HKQuantityTypeIdentifier, _ unit: String)
        async throws
    {
        let expected = try csv(file)
        let samples = try await harness.quantities(identifier)
        #expect(samples.count == expected.count)
        for (sample, row) in zip(samples, expected) {
            #expect(sample.sourceRevision.source.name == row["sourceName"])
            #expect(row["unit"] == unit)
            #expect(sample.startDate == date(row["startDate"]))
            #expect(sample.endDate == date(row["endDate"]))
            let value = try #require(Double(row["value"] ?? ""))
            #expect(abs(sample.quantity.doubleValue(for: HKUnit(from: unit)) - value) <= 1e-12 * max(1, value))
        }
    }

    @Test func workoutMatchesTheExtractor() async throws {
        let row = try #require(try csv("Workout.csv").first)
        let workout = try await #require(harness.samples(HKWorkoutType.workoutType()).first as? HKWorkout)
        #expect(workout.workoutActivityType.exportName == row["workoutActivityType"])
        #expect(workout.sourceRevision.source.name == row["sourceName"])
        #expect(workout.sourceRevision.version == row["sourceVersion"])
        #expect(workout.startDate == date(row["startDate"]))
        #expect(workout.endDate == date(row["endDate"]))
        #expect(abs(workout.duration / 60 - Double(row["duration"]!)!) < 1e-12)
        #expect(
            workout.totalDistance?.doubleValue(for: HKUnit(from: row["totalDistanceUnit"]!))
                == Double(row["totalDistance"]!))
        #expect(
            abs(
                workout.totalEnergyBurned!.doubleValue(for: HKUnit(from: row["totalEnergyBurnedUnit"]!)) - Double(
                    row["totalEnergyBurned"]!)!) < 1e-9)
    }

    @Test func activitySummariesMatchTheExtractor() throws {
        let expected = try csv("ActivitySummary.csv")
        let stored = try harness.rows(
            """
            SELECT date, active_energy_burned, active_energy_burned_goal, apple_exercise_time, apple_exercise_time_goal,
                   apple_stand_hours, apple_stand_hours_goal FROM activity_summary ORDER BY date
            """)
        #expect(stored.count == expected.count)
        for (row, csvRow) in zip(stored, expected) {
            #expect(row[0] as String == csvRow["dateComponents"])
            #expect(csvRow["activeEnergyBurnedUnit"] == "kcal")
            let columns = [
                "activeEnergyBurned", "activeEnergyBurnedGoal", "appleExerciseTime", "appleExerciseTimeGoal",
                "appleStandHours", "appleStandHoursGoal",
            ]
            for (index, column) in columns.enumerated() {
                #expect(row[index + 1] as Double? == Double(csvRow[column] ?? ""), "\(column)")
            }
        }
    }

    /// The same rows read back as `HKActivitySummary` objects, as `HKActivitySummaryQuery` reads them.
    @Test func activitySummariesReadBackAsHealthKitObjects() async throws {
        let expected = try csv("ActivitySummary.csv")
        let predicate = HKQuery.predicate(
            forActivitySummariesBetweenStart: DateComponents(year: 2016, month: 4, day: 1),
            end: DateComponents(year: 2016, month: 4, day: 30))
        let summaries = try await harness.engine.activitySummaries(
            predicate: try PredicateCondition.tree(from: predicate), as: ImportHarness.owner)
        #expect(summaries.count == expected.count)
        let gregorian = Calendar(identifier: .gregorian)
        for (summary, row) in zip(summaries, expected) {
            let day = summary.dateComponents(for: gregorian)
            #expect(
                String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0) == row["dateComponents"])
            #expect(summary.activeEnergyBurned.doubleValue(for: .kilocalorie()) == Double(row["activeEnergyBurned"]!))
            #expect(
                summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie())
                    == Double(row["activeEnergyBurnedGoal"]!))
            #expect(summary.appleExerciseTime.doubleValue(for: .minute()) == Double(row["appleExerciseTime"]!))
            #expect(summary.exerciseTimeGoal?.doubleValue(for: .minute()) == Double(row["appleExerciseTimeGoal"]!))
            #expect(summary.appleStandHours.doubleValue(for: .count()) == Double(row["appleStandHours"]!))
            #expect(summary.standHoursGoal?.doubleValue(for: .count()) == Double(row["appleStandHoursGoal"]!))
        }
    }

    @Test func characteristicsOfMe() async throws {
        #expect(try await harness.engine.characteristic(.dateOfBirth, as: ImportHarness.owner) == "1965-07-31")
        #expect(
            try await harness.engine.characteristic(.biologicalSex, as: ImportHarness.owner)
                == String(HKBiologicalSex.male.rawValue))
        #expect(try await harness.engine.characteristic(.bloodType, as: ImportHarness.owner) == nil)
    }
}
