import ArgumentParser
import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitSQLite

/// `ohk-bench ingest --days 30`: a month of one person's Health Auto Export pushes (a push a day: heart rate every
/// 5 seconds from the watch, steps and active energy every minute from the phone), ingested into a new store as
/// healthd ingests them, beside `hk import` of the same records written as an `export.xml`, in the same run: the
/// records per second of each and their ratio (the target: ingest at least half of import's).
struct IngestBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Health Auto Export pushes ingested, beside hk import of the same records as an export.xml.",
        subcommands: [Compare.self, Memory.self, WritePush.self, Child.self], defaultSubcommand: Compare.self)

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare", abstract: "A month of pushes beside hk import (the default).")

        @Option(help: "Days of pushes (one push a day).")
        var days = 30
        @Option(help: "Rounds; the median of each is reported.")
        var rounds = 3

        func run() throws {
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            let month = PushMonth(days: days)
            let pushes = try month.writePushes(in: scratch.url)
            let document = try month.writeExport(in: scratch.url)
            let bytes = pushes.reduce(0) {
                $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
            }
            print(
                "\(month.records) records: \(pushes.count) pushes, \(String(format: "%.1f", Double(bytes) / 1e6)) MB of JSON;"
                    + " the same records as export.xml")
            var imports: [Timing] = [], ingests: [Timing] = []
            for round in 0..<max(1, rounds) {
                let importStore = scratch.path("import-\(round).sqlite")
                imports.append(
                    try Measure.time {
                        let summary = try HealthExportImporter(
                            engine: HealthEngine(storage: SQLiteStorage(path: importStore))
                        )
                        .import(from: document)
                        precondition(summary.totalAdded == month.records, "the import stored \(summary.totalAdded)")
                    })
                let ingestStore = scratch.path("ingest-\(round).sqlite")
                ingests.append(
                    try Measure.time {
                        let engine = HealthEngine(storage: try SQLiteStorage(path: ingestStore))
                        var stored = 0
                        for push in pushes {
                            stored += try AutoExportIngest(engine: engine).ingest(fileAt: push).stored
                        }
                        precondition(stored == month.records, "the ingest stored \(stored)")
                    })
            }
            let importTime = Measure.median(imports), ingestTime = Measure.median(ingests)
            let records = Double(month.records)
            print("| path | wall (s) | CPU (s) | records/s (wall) |")
            print("|---|---:|---:|---:|")
            for (name, time) in [("hk import export.xml", importTime), ("ingest of the pushes", ingestTime)] {
                print(String(format: "| %@ | %.2f | %.2f | %.0f |", name, time.wall, time.cpu, records / time.wall))
            }
            print(
                String(
                    format: "ingest / import, records per second: %.2f× by wall, %.2f× by CPU (target: at least 0.5×)",
                    importTime.wall / ingestTime.wall, importTime.cpu / ingestTime.cpu))
        }
    }

    /// `ohk-bench ingest memory --push-mb 100`: one push of about a quarter of the size and one of the whole, each
    /// ingested in a process of its own: their peak memory, which a reader that streams the body keeps the same.
    struct Memory: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "memory", abstract: "Peak memory of ingesting one push of a quarter and of the whole size.")

        @Option(help: "The larger push's size, in MB (about).")
        var pushMb = 100.0

        func run() throws {
            let scratch = try ScratchDirectory()
            defer { scratch.remove() }
            print("| push | records | wall (s) | CPU (s) | peak RSS (MB) |")
            print("|---:|---:|---:|---:|---:|")
            var peaks: [Double] = []
            for megabytes in [pushMb / 4, pushMb] {
                // A day of the month's pushes is 1.93 MB of JSON.
                let month = PushMonth(days: max(1, Int((megabytes / 1.93).rounded())))
                // Written by a process of its own: a process spawned by one whose memory once held the push would
                // report that process's peak as its own (Linux keeps the peak of the memory a spawned child
                // shared until it ran its program).
                let written = try TimedRun.run([
                    CommandLine.arguments[0], "ingest", "write-push", "--days", String(month.days), scratch.url.path,
                ])
                guard written.status == 0 else { throw ValidationError("writing the push failed: \(written.output)") }
                let push = scratch.url.appendingPathComponent("push-0.json")
                let size = Double((try FileManager.default.attributesOfItem(atPath: push.path)[.size] as? Int) ?? 0)
                let store = scratch.path("memory-\(month.days).sqlite")
                let outcome = try TimedRun.run([
                    CommandLine.arguments[0], "ingest", "child", push.path, "--database", store,
                ])
                guard outcome.status == 0 else { throw ValidationError("the child failed: \(outcome.output)") }
                peaks.append(Double(outcome.peakKilobytes) / 1024)
                print(
                    String(
                        format: "| %.1f MB | %d | %.2f | %.2f | %.0f |", size / 1e6, month.records, outcome.wall,
                        outcome.cpu, Double(outcome.peakKilobytes) / 1024))
            }
            print(String(format: "peak memory, the whole against a quarter: %.2f×", peaks[1] / peaks[0]))
        }
    }

    /// One push of `days` days, `push-0.json` in `folder` (run by memory).
    struct WritePush: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write-push", abstract: "Writes one push (run by memory).", shouldDisplay: false)

        @Option var days: Int
        @Argument var folder: String

        func run() throws {
            let month = PushMonth(days: days)
            _ = try month.writePushes(in: URL(fileURLWithPath: folder), daysPerPush: days)
        }
    }

    /// One ingest of one push into a new store (run by memory, so that its peak memory is its own).
    struct Child: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "child", abstract: "One ingest (run by memory).", shouldDisplay: false)

        @Argument var path: String
        @Option var database: String

        func run() throws {
            let result = try AutoExportIngest(engine: HealthEngine(storage: try SQLiteStorage(path: database)))
                .ingest(fileAt: URL(fileURLWithPath: path))
            print("stored \(result.stored)")
        }
    }
}

/// A month of one person's data, written both as Health Auto Export pushes and as an Apple Health export.
struct PushMonth {
    let days: Int
    /// 2026-03-01 00:00 UTC.
    let firstDay = 1_772_323_200.0
    static let heartRateEvery = 5.0
    static let minute = 60.0

    var records: Int { days * (Int(86_400 / Self.heartRateEvery) + 2 * 1_440) }

    /// Every record: a metric's name, its unit, its HealthKit type, its time, its value, its source.
    private func forEachRecord(
        day: Int, _ body: (_ metric: Int, _ time: Double, _ value: Double) -> Void
    ) {
        let start = firstDay + Double(day) * 86_400
        for index in 0..<Int(86_400 / Self.heartRateEvery) {
            body(0, start + Double(index) * Self.heartRateEvery, Double(55 + (index * 7) % 60))
        }
        for minute in 0..<1_440 {
            body(1, start + Double(minute) * Self.minute, Double((minute * 13) % 120))
            body(2, start + Double(minute) * Self.minute, Double((minute * 17) % 90) / 10)
        }
    }

    private static let metrics = [
        (
            name: "heart_rate", units: "count/min", type: "HKQuantityTypeIdentifierHeartRate",
            source: "Ann's Apple Watch"
        ),
        (name: "step_count", units: "count", type: "HKQuantityTypeIdentifierStepCount", source: "Ann's iPhone"),
        (
            name: "active_energy", units: "kcal", type: "HKQuantityTypeIdentifierActiveEnergyBurned",
            source: "Ann's iPhone"
        ),
    ]

    private static func text(_ time: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: Date(timeIntervalSince1970: time))
    }

    /// The pushes, each of `daysPerPush` days (one a day unless told), `push-<first day>.json`, their metrics in the
    /// app's shape.
    func writePushes(in folder: URL, daysPerPush: Int = 1) throws -> [URL] {
        let dates = DateTexts()
        return try stride(from: 0, to: days, by: daysPerPush).map { first in
            var bodies = [String](repeating: "", count: Self.metrics.count)
            for day in first..<min(days, first + daysPerPush) {
                forEachRecord(day: day) { metric, time, value in
                    let separator = bodies[metric].isEmpty ? "" : ","
                    let record =
                        metric == 0
                        ? "{\"date\":\"\(dates.text(time))\",\"Min\":\(value),\"Avg\":\(value),\"Max\":\(value),\"source\":\"\(Self.metrics[metric].source)\"}"
                        : "{\"date\":\"\(dates.text(time))\",\"qty\":\(value),\"source\":\"\(Self.metrics[metric].source)\"}"
                    bodies[metric] += separator + record
                }
            }
            let metrics = Self.metrics.indices.map {
                "{\"name\":\"\(Self.metrics[$0].name)\",\"units\":\"\(Self.metrics[$0].units)\",\"data\":[\(bodies[$0])]}"
            }
            let file = folder.appendingPathComponent("push-\(first).json")
            try Data("{\"data\":{\"metrics\":[\(metrics.joined(separator: ","))]}}".utf8).write(to: file)
            return file
        }
    }

    /// The same records as Apple's `export.xml`.
    func writeExport(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("export.xml")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.write(
            contentsOf: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n".utf8))
        let dates = DateTexts()
        for day in 0..<days {
            var text = ""
            forEachRecord(day: day) { metric, time, value in
                let (_, units, type, source) = Self.metrics[metric]
                let date = dates.text(time)
                text +=
                    " <Record type=\"\(type)\" sourceName=\"\(source.replacingOccurrences(of: "'", with: "&apos;"))\" unit=\"\(units)\" creationDate=\"\(date)\" startDate=\"\(date)\" endDate=\"\(date)\" value=\"\(value)\"/>\n"
            }
            try handle.write(contentsOf: Data(text.utf8))
        }
        try handle.write(contentsOf: Data("</HealthData>\n".utf8))
        return file
    }

    /// Dates as the app and the export write them, in UTC, each second formatted once per call site.
    private final class DateTexts {
        private var day = -1.0
        private var prefix = ""

        func text(_ time: Double) -> String {
            let start = (time / 86_400).rounded(.down) * 86_400
            if start != day {
                day = start
                prefix = String(PushMonth.text(start).prefix(11))
            }
            let seconds = Int(time - start)
            return prefix + String(format: "%02d:%02d:%02d +0000", seconds / 3600, seconds / 60 % 60, seconds % 60)
        }
    }
}
