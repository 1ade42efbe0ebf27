import Foundation
import OpenHealthKit
import OpenHealthKitExchange

/// `hk import`'s summary for people: what was read, a table of what became of each type, then the children added,
/// characteristics, sources, skipped records (with their lines and reasons) and warnings.
struct ImportSummaryText {
    /// How many skipped records and warnings are listed; the rest are counted.
    static let listed = 20

    let summary: ImportSummary
    let timeZone: TimeZone

    func render() -> String {
        var text = header()
        if let incomplete = summary.incomplete { text += "Incomplete: \(incomplete.message).\n" }
        let rows = typeRows()
        if !rows.isEmpty {
            text +=
                "\n"
                + TableRenderer.render(columns: ["type", "read", "added", "already stored", "skipped"], rows: rows)
        }
        let children = [("Route locations", summary.routeLocationsAdded), ("Heartbeats", summary.heartbeatsAdded)]
        let added = children.filter { $0.1 > 0 }
        if !added.isEmpty {
            text += "\n" + added.map { "\($0.0) added: \(Self.grouped($0.1))\n" }.joined()
        }
        if !summary.characteristics.isEmpty {
            text +=
                "\nCharacteristics set:\n"
                + summary.characteristics
                .map { "  \(HKObjectType.shortName(forRawIdentifier: $0.key)): \($0.value)\n" }.sorted().joined()
        }
        if !summary.sources.isEmpty {
            text +=
                "\nSources:\n"
                + summary.sources.sorted { $0.key < $1.key }.map { "  \($0.key) (\($0.value))\n" }.joined()
        }
        text += list(
            "Skipped", total: summary.skippedTotal, summary.skippedGroups.map(Self.line),
            counts: summary.skippedGroups.map(\.count))
        text += list(
            "Files not imported", total: summary.unimportedFilesTotal,
            summary.unimportedFiles.map { "\($0.path): \($0.reason)" })
        text += list(
            "Warnings", total: summary.warningsTotal,
            summary.warnings.map { warning in (warning.line.map { "line \($0): " } ?? "") + warning.message })
        return text
    }

    /// `Record highHeartRateEvent, 237 records (lines 12, 40, 56, 70, 81, …): <reason>`.
    private static func line(_ group: ImportSummary.SkippedGroup) -> String {
        let what = [group.element, group.type.map(HKObjectType.shortName(forRawIdentifier:))].compactMap { $0 }
        let lines =
            group.lines.map(String.init).joined(separator: ", ") + (group.count > group.lines.count ? ", …" : "")
        let count = group.count == 1 ? "line \(lines)" : "\(grouped(group.count)) records (lines \(lines))"
        return "\(what.joined(separator: " ")), \(count): \(group.reason)"
    }

    /// `Imported export.zip:apple_health_export/export.xml, exported 2024-11-03T08:30:00+00:00 (locale en_US):
    /// 1,234 added, 12 already stored, 3 skipped.`
    private func header() -> String {
        var text = "Imported \(summary.document)"
        if let date = summary.exportDate { text += ", exported \(date.formattedForOutput(in: timeZone))" }
        if let locale = summary.locale { text += " (locale \(locale))" }
        let all = allCounts()
        return text + ": \(Self.grouped(all.added)) added, \(Self.grouped(all.alreadyStored)) already stored, "
            + "\(Self.grouped(all.skipped)) skipped.\n"
    }

    /// Records by short name (quantity, category, audiogram), then correlations, the other elements and the
    /// unrecognized ones, then the total: only what the export holds.
    private func typeRows() -> [[String]] {
        let (correlations, records) = summary.records.sorted { name($0.key) < name($1.key) }
            .reduce(into: ([(String, ImportSummary.Counts)](), [(String, ImportSummary.Counts)]())) { groups, entry in
                if HKObjectType.type(forRawIdentifier: entry.key) is HKCorrelationType {
                    groups.0.append((entry.key, entry.value))
                } else {
                    groups.1.append((entry.key, entry.value))
                }
            }
        var rows = (records + correlations).map { [name($0.0)] + Self.cells($0.1) }
        let others: [(String, ImportSummary.Counts)] = [
            ("workouts", summary.workouts), ("workout routes", summary.workoutRoutes),
            ("activity summaries", summary.activitySummaries), ("clinical records", summary.clinicalRecords),
        ]
        rows += others.filter { $0.1.read > 0 }.map { [$0.0] + Self.cells($0.1) }
        // Kept verbatim (a type the catalog lacks, an unknown element): see docs/IMPORT.md.
        rows += summary.unrecognized.sorted { $0.key < $1.key }.map {
            ["\($0.key) (unrecognized)"] + Self.cells($0.value)
        }
        if rows.count > 1 { rows.append(["total"] + Self.cells(allCounts())) }
        return rows
    }

    private func allCounts() -> ImportSummary.Counts {
        let counts =
            Array(summary.records.values) + Array(summary.unrecognized.values)
            + [summary.workouts, summary.workoutRoutes, summary.activitySummaries, summary.clinicalRecords]
        return counts.reduce(into: ImportSummary.Counts()) { total, counts in
            total.read += counts.read
            total.added += counts.added
            total.alreadyStored += counts.alreadyStored
            total.skipped += counts.skipped
        }
    }

    /// The first ``listed`` lines, then how many of the `total` they leave out (`counts[i]`: how many line i stands
    /// for, one each by default).
    private func list(_ title: String, total: Int, _ lines: [String], counts: [Int]? = nil) -> String {
        guard total > 0 else { return "" }
        let shown = lines.prefix(Self.listed)
        var text = "\n\(title) (\(Self.grouped(total))):\n" + shown.map { "  \($0)\n" }.joined()
        let covered = counts.map { $0.prefix(shown.count).reduce(0, +) } ?? shown.count
        if total > covered { text += "  and \(Self.grouped(total - covered)) more\n" }
        return text
    }

    private func name(_ identifier: String) -> String {
        HKObjectType.shortName(forRawIdentifier: identifier)
    }

    private static func cells(_ counts: ImportSummary.Counts) -> [String] {
        [counts.read, counts.added, counts.alreadyStored, counts.skipped].map(grouped)
    }

    private static func grouped(_ number: Int) -> String {
        ImportProgressMeter.grouped(number)
    }
}
