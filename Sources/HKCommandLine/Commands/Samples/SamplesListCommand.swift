import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk samples [list] TYPE [--from DATE] [--to DATE] [--source NAME] [--limit N] [--unit UNIT]`: the samples of a
/// type, by start date.
struct SamplesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the samples of a quantity or category type, by start date.",
        discussion: """
            --from and --to keep the samples that start in [from, to). Values are in --unit, else in the owner's \
            unit for the type (chosen on Health's Me page, else the locale's: count/min for heart rate); category \
            values print as their case names (asleepCore).

            Example: hk samples heartRate --from 2024-11-03 --to 2024-11-04 --unit count/min --format json
            """
    )

    @Argument(help: ArgumentHelp("The type, by short name (stepCount) or raw identifier.", valueName: "type"))
    var type: String
    @Option(help: ArgumentHelp("Only samples starting at or after this date.", valueName: "date"))
    var from: String?
    @Option(help: ArgumentHelp("Only samples starting before this date.", valueName: "date"))
    var to: String?
    @Option(help: ArgumentHelp("Only samples from this source (its name or bundle identifier).", valueName: "name"))
    var source: String?
    @Option(help: ArgumentHelp("At most this many samples (the earliest).", valueName: "n"))
    var limit: Int?
    @Option(
        help: ArgumentHelp(
            "The unit to print quantities in (default: the owner's unit for the type).", valueName: "unit"))
    var unit: String?
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let sampleType = try CommandLineInput.quantityOrCategoryType(named: type)
        let outputUnit = try unit.map { try Self.unit($0, for: sampleType) }
        let timeZone = try zone.timeZone(store: store)
        var conditions = try dateConditions(timeZone: timeZone)
        if let limit, limit < 1 { throw HKError.invalidArgument("--limit must be at least 1, not \(limit)") }

        let engine = try store.openEngine()
        let owner = try Principal.owner()
        if let source {
            let matching = try await engine.sources(of: sampleType, predicate: nil, as: owner)
                .filter { $0.name == source || $0.bundleIdentifier == source }
            guard !matching.isEmpty else { return try output.print([SampleRecord]()) }
            conditions.append(.leaf(.sources(bundleIdentifiers: Set(matching.map(\.bundleIdentifier)))))
        }
        let samples = try await engine.samples(
            of: sampleType, predicate: conditions.isEmpty ? nil : .and(conditions), sort: [RowSort(.startDate)],
            limit: limit ?? 0, as: owner)
        var shownUnit = outputUnit
        if shownUnit == nil, let type = sampleType as? HKQuantityType {
            shownUnit = try await engine.preferredUnit(of: type)
        }
        try output.print(samples.map { try SampleRecord($0, unit: shownUnit, timeZone: timeZone) })
    }

    /// `--unit` checked against the type: only quantity types have units, and the unit must measure the same thing.
    private static func unit(_ text: String, for type: HKSampleType) throws -> HKUnit {
        guard let quantityType = type as? HKQuantityType else {
            let name = (type as? HKCategoryType)?.name ?? type.identifier
            throw HKError.invalidArgument(
                "--unit applies to quantity types; \(name) is a category type, whose values have no unit")
        }
        return try CommandLineInput.unit(text, for: quantityType)
    }

    /// The samples starting in [--from, --to).
    private func dateConditions(timeZone: TimeZone) throws -> [PredicateTree] {
        let start = try from.map { try CommandLineInput.date($0, timeZone: timeZone) }
        let end = try to.map { try CommandLineInput.date($0, timeZone: timeZone) }
        if let start, let end, end <= start {
            throw HKError.invalidArgument("--to \(to ?? "") is not after --from \(from ?? "")")
        }
        guard start != nil || end != nil else { return [] }
        return [.leaf(.sampleDates(SampleDateRange(start: start, end: end, options: .strictStartDate)))]
    }
}
