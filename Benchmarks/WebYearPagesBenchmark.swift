import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitSQLite
import OpenHealthKitTesting

/// `ohk-bench web-years`: Health's year pages of steps and heart rate on a store of many years (steps from an iPhone
/// and a watch, heart rate every 5 minutes plus workouts, as `ohk-bench statistics` generates them), asked from
/// healthd over loopback with the browser's session by curl, which reports the time to the first byte of the answer
/// and to its end; beside the raw SQL of the page's figures (each month's figure with `GROUP BY`, the year's, and its
/// first 51 samples) on the same file, in the same run.
struct WebYearPagesBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web-years",
        abstract: "Health's year pages on a store of many years: time to first byte, against SQL GROUP BY.")

    @Option(help: "Years of steps and heart rate in the store.")
    var years = 10

    @Option(help: "Timed requests of each page; the median is reported.")
    var runs = 7

    @Option(help: "The healthd executable (default: the one built next to ohk-bench).")
    var healthd: String?

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("health.sqlite")
        var generator = StatisticsBenchmark.Generator(years: years, heartRateYears: years)
        let built = try Measure.time { try generator.write(to: try SQLiteStorage(path: path)) }
        print(
            "Stored \(Format.count(Double(generator.counts.steps))) step samples and "
                + "\(Format.count(Double(generator.counts.heartRate))) heart rates over \(years) years in "
                + "\(Format.seconds(built.wall)).")
        try await HealthdLauncher.running(executable: healthd, directory: scratch.url) { daemon in
            try await measure(daemon, path: path, generator: generator)
        }
    }

    private func measure(_ daemon: HealthdLauncher, path: String, generator: StatisticsBenchmark.Generator)
        async throws
    {
        let browser = try await BenchBrowser.signedIn(at: daemon.address, secret: try daemon.ownerSecret())
        let raw = try RawDatabase(path: path)
        let end = generator.stepsEnd.timeIntervalSince1970
        let days = ISO8601DateFormatter()
        days.formatOptions = [.withFullDate]
        var table = Table(
            "year page", "bytes", "first byte", "whole page", "SQL of its figures", "first byte/SQL")
        // The last year and one in the middle of the store: the cost should follow the year, not the store.
        for yearEnd in [end, end - Double(years / 2) * 365 * 86_400] {
            let lastDay = days.string(from: Date(timeIntervalSince1970: yearEnd - 86_400))
            for (name, type, figure) in [
                ("Steps", "stepCount", "sum(value)"), ("Heart Rate", "heartRate", "min(value), max(value), avg(value)"),
            ] {
                let typeID =
                    try raw.int64(
                        "SELECT id FROM object_type WHERE identifier = 'HKQuantityTypeIdentifier\(type.prefix(1).uppercased() + type.dropFirst())'"
                    ) ?? -1
                var times: [(first: Double, total: Double, bytes: Int)] = []
                for _ in 0..<runs {
                    times.append(
                        try await Self.curl(
                            daemon.address.absoluteString + "/types/\(type)?range=year&date=\(lastDay)",
                            cookie: browser.cookieHeader))
                }
                let sql = Measure.median(
                    try (0..<runs).map { _ in
                        try Measure.time {
                            try Self.rawFigures(
                                raw, typeID: typeID, figure: figure, start: yearEnd - 365 * 86_400, end: yearEnd)
                        }.wall
                    })
                let first = Measure.median(times.map(\.first))
                table.add(
                    "\(name), year to \(lastDay)", Format.count(Double(times[0].bytes)), Format.milliseconds(first),
                    Format.milliseconds(Measure.median(times.map(\.total))), Format.milliseconds(sql),
                    Format.ratio(first / sql))
            }
        }
        print(table.render())
    }

    /// One request by curl with the browser's cookies: seconds to the first byte of the answer and to its end.
    private static func curl(_ url: String, cookie: String) async throws -> (
        first: Double, total: Double, bytes: Int
    ) {
        let output = Pipe()
        let process = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/curl"),
            [
                "--silent", "--show-error", "--fail", "--output", "/dev/null", "--header", "Cookie: \(cookie)",
                "--write-out", "%{time_starttransfer} %{time_total} %{size_download}", url,
            ], environment: ProcessInfo.processInfo.environment, output: output)
        let data = PipeRead.toEnd(output.fileHandleForReading.fileDescriptor)
        let status = await process.ended().status
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard status == 0, fields.count == 3, let first = Double(fields[0]), let total = Double(fields[1]),
            let bytes = Int(fields[2])
        else { throw BenchError("curl \(url) failed (status \(status))") }
        return (first, total, bytes)
    }

    /// What the year page reads, in raw SQL: each calendar month's figure, the year's, and its first 51 samples
    /// newest first.
    private static func rawFigures(
        _ raw: RawDatabase, typeID: Int64, figure: String, start: Double, end: Double
    ) throws {
        for sql in [
            "SELECT strftime('%Y-%m', start_date, 'unixepoch') AS month, \(figure) FROM sample WHERE type_id = ?1 "
                + "AND start_date >= ?2 AND start_date < ?3 GROUP BY month",
            "SELECT \(figure) FROM sample WHERE type_id = ?1 AND start_date >= ?2 AND start_date < ?3",
            "SELECT uuid, start_date, value FROM sample WHERE type_id = ?1 AND start_date >= ?2 AND start_date < ?3 "
                + "ORDER BY start_date DESC LIMIT 51",
        ] {
            let statement = try raw.prepare(sql)
            statement.bind(typeID, at: 1)
            statement.bind(start, at: 2)
            statement.bind(end, at: 3)
            while try statement.step() { _ = statement.double(1) }
        }
    }
}
