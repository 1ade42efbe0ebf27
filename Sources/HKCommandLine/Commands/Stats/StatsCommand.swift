import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk stats TYPE [--interval hour|day|week|month|year] [--from DATE] [--to DATE] [--unit UNIT] [--by-source]`: the
/// statistics of a quantity type, over a range or per calendar interval.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract:
            "Statistics of a quantity type: sums, or averages, minimums, maximums and latest values, per interval.",
        discussion: """
            A cumulative type (stepCount) gives its sum; a discrete one (heartRate) its average, min, max and \
            mostRecent value. Overlapping sources are merged by priority (hk sources priority). Without --interval, \
            one statistics over [--from, --to); with it, one row per calendar interval in --timezone (weeks start \
            on Monday), every interval of the range listed, empty ones with blank (JSON null) values. Values are in \
            --unit, else in the owner's unit for the type (chosen on Health's Me page, else the locale's: count/min \
            for heart rate).

            Example: hk stats stepCount --interval day --from 2024-11-01 --to 2024-11-08 --by-source --format json
            """
    )

    @Argument(help: ArgumentHelp("The quantity type, by short name (stepCount) or raw identifier.", valueName: "type"))
    var type: String
    @Option(help: ArgumentHelp("One row per calendar interval of this length.", valueName: "interval"))
    var interval: StatsInterval?
    @Option(help: ArgumentHelp("The start of the range (the interval holding it, with --interval).", valueName: "date"))
    var from: String?
    @Option(
        help: ArgumentHelp(
            "The end of the range, excluded (the interval holding it, with --interval).", valueName: "date"))
    var to: String?
    @Option(
        help: ArgumentHelp("The unit to print values in (default: the owner's unit for the type).", valueName: "unit"))
    var unit: String?
    @Flag(help: "Also give each source's statistics, as if it were the only one.")
    var bySource = false
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let quantityType = try CommandLineInput.quantityType(named: type)
        let chosenUnit = try unit.map { try CommandLineInput.unit($0, for: quantityType) }
        let timeZone = try zone.timeZone(store: store)
        let (start, end) = try bounds(timeZone: timeZone)
        let intervals = try interval.map { try Self.intervals($0, near: start ?? end ?? Date(), timeZone: timeZone) }
        // With intervals the range grows to whole intervals, so that the first and last are complete.
        let rangeStart = start.map { intervals?.interval(containing: $0).start ?? $0 }
        let rangeEnd = end.map { end in intervals.map { Self.intervalEnd(at: end, in: $0) } ?? end }

        let fields = StatisticsField.fields(for: quantityType)
        var options = HKStatisticsOptions(fields.map(\.option))
        if bySource { options.insert(.separateBySource) }
        // A plain date range (no strict options) selects the samples overlapping it and counts only their part inside.
        let predicate =
            rangeStart == nil && rangeEnd == nil
            ? nil : PredicateTree.leaf(.sampleDates(SampleDateRange(start: rangeStart, end: rangeEnd, options: [])))

        let engine = try store.openEngine()
        let outputUnit = try chosenUnit ?? engine.blocking { try await $0.preferredUnit(of: quantityType) }
        let result = try await engine.statistics(
            StatisticsRequest(type: quantityType, predicate: predicate, options: options, intervals: intervals),
            as: try Principal.owner())
        let sources =
            try await bySource ? Self.sourceKeys(of: result, priority: engine.sourcePriority(for: quantityType)) : nil

        let rows: [(start: Date?, end: Date?, bucket: StatisticsBucket?)]
        if intervals == nil {
            let bucket = result.buckets.first
            rows = [(start ?? bucket?.start, end ?? bucket?.end, bucket)]
        } else if let first = rangeStart ?? result.buckets.first?.start, let last = rangeEnd ?? result.buckets.last?.end
        {
            rows = result.everyInterval(from: first, until: last).map {
                ($0.interval.start, $0.interval.end, $0.bucket)
            }
        } else {
            rows = []  // no bounds and no data
        }
        let figures = { (values: StatisticsValues?) in
            try StatisticsFigures(values, fields: fields, canonicalUnit: quantityType.canonicalUnit, unit: outputUnit)
        }
        let records = try rows.map { row in
            StatisticsRecord(
                start: row.start?.formattedForOutput(in: timeZone), end: row.end?.formattedForOutput(in: timeZone),
                figures: try figures(row.bucket?.merged),
                sources: try sources?.map { source, key in
                    (key, try figures(row.bucket?.bySource?.first { $0.source == source }?.values))
                })
        }
        try print(records, fields: fields, sourceKeys: sources?.map(\.key))
    }

    /// `--from` and `--to`, read in `timeZone`; `--to` must come after `--from`.
    private func bounds(timeZone: TimeZone) throws -> (start: Date?, end: Date?) {
        let start = try from.map { try CommandLineInput.date($0, timeZone: timeZone) }
        let end = try to.map { try CommandLineInput.date($0, timeZone: timeZone) }
        if let start, let end, end <= start {
            throw HKError.invalidArgument("--to \(to ?? "") is not after --from \(from ?? "")")
        }
        return (start, end)
    }

    /// Prints the records in `--format`; their columns depend on the type and the sources.
    private func print(_ records: [StatisticsRecord], fields: [StatisticsField], sourceKeys: [String]?) throws {
        let columns = StatisticsRecord.columns(fields: fields, sourceKeys: sourceKeys)
        let text =
            switch output.format {
            case .table: TableRenderer.render(columns: columns, rows: records.map(\.cells))
            case .csv: CSVRenderer.render(columns: columns, rows: records.map(\.cells))
            case .json: try JSONRenderer.render(records)
            }
        Swift.print(text, terminator: "")
    }

    /// Calendar intervals of `length` in `timeZone`, anchored at the start of the one holding `date`; weeks start on
    /// Monday.
    private static func intervals(_ length: StatsInterval, near date: Date, timeZone: TimeZone) throws
        -> StatisticsIntervals
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        return try StatisticsIntervals(
            anchor: length.anchor(for: date, in: calendar), components: length.components, calendar: calendar)
    }

    /// `date` if an interval starts there, else the end of the interval holding it.
    private static func intervalEnd(at date: Date, in intervals: StatisticsIntervals) -> Date {
        let holding = intervals.interval(containing: date)
        return holding.start == date ? date : holding.end
    }

    /// Every source with data in `result`, in priority order, with its JSON key: its name, or its bundle identifier
    /// when another source has the same name.
    private static func sourceKeys(of result: StatisticsResult, priority: [String]) -> [(
        source: SourceRow, key: String
    )] {
        var sources: [SourceRow] = []
        for case let statistics? in result.buckets.map(\.bySource) {
            for entry in statistics where !sources.contains(entry.source) { sources.append(entry.source) }
        }
        let rank = Dictionary(priority.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        sources.sort { rank[$0.bundleIdentifier, default: .max] < rank[$1.bundleIdentifier, default: .max] }
        let names = Dictionary(grouping: sources, by: \.name)
        return sources.map { ($0, (names[$0.name]?.count ?? 0) > 1 ? $0.bundleIdentifier : $0.name) }
    }
}
