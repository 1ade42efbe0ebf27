import ArgumentParser
import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitSQLite

/// `ohk-bench fhir`: a page of healthd's FHIR Observation search (one day of heart rate, by LOINC code and dates)
/// made into its `searchset` Bundle, and the page after it through its `next` link, beside the same rows read with a
/// raw prepared statement on the same database.
struct FHIRSearchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhir", abstract: "A page of the FHIR Observation search versus raw SQL of its rows.")

    @Option(help: "The store's size, in samples (built with raw inserts).")
    var size = 1_000_000

    @Option(help: "Observations per page (_count).")
    var count = 500

    @Option(help: "Timed runs per page (after one warm-up); the table shows medians.")
    var repeats = 40

    @Option(help: "Distinct days the runs cycle through, among the store's last days.")
    var days = 20

    /// The baseline: the page's rows, in the search's order, columns read into values.
    static let rawSQL = """
        SELECT uuid, start_date, end_date, value, source_id, source_revision_id, anchor
        FROM sample WHERE type_id = ? AND start_date >= ? AND start_date < ? AND correlation_id IS NULL
        ORDER BY start_date, anchor LIMIT ?
        """

    func run() async throws {
        guard Double(size) >= Double(days + 1) * 1_440, (1...FHIRServer.maximumPageSize).contains(count) else {
            throw ValidationError("the store must hold \(days + 1) days of samples; --count is 1 to 1000")
        }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("store.sqlite")
        let build = try BenchStore.buildWithRawInserts(path: path, series: HeartRateSeries(count: size))
        print("store of \(Format.count(Double(size))) samples built with raw inserts in \(Format.seconds(build))")
        let raw = try BenchStore.rawConnection(path: path)
        let typeID = try BenchStore.heartRateTypeID(in: raw)
        let statement = try raw.prepare(Self.rawSQL)
        let server = FHIRServer(
            engine: HealthEngine(storage: try SQLiteStorage(path: path)),
            principal: .owner(source: try SourceRow.owner(named: "Bench")), base: "http://127.0.0.1/fhir/r4",
            patientID: FHIRServer.patientID(user: "1"))
        let dates = ISO8601DateFormatter()
        var first: [Timing] = [], next: [Timing] = [], baseline: [Timing] = []
        for run in 0...repeats {
            let day = HeartRateSeries.dayInterval(daysBeforeEnd: run % days)
            let parameters = [
                ("code", "http://loinc.org|8867-4"),
                ("date", "ge" + dates.string(from: Date(timeIntervalSince1970: day.start))),
                ("date", "lt" + dates.string(from: Date(timeIntervalSince1970: day.end))), ("_count", String(count)),
            ]
            var page = ""
            let firstTime = try await Measure.time {
                page = try await server.search("Observation", parameters: parameters)
            }
            let cursor = try Self.cursor(ofNextLinkIn: page)
            var second = ""
            let nextTime = try await Measure.time {
                second = try await server.search("Observation", parameters: parameters + [("_cursor", cursor)])
            }
            var rows: [RawRow] = []
            let rawTime = try Measure.time {
                defer { statement.reset() }
                statement.bind(typeID, at: 1)
                statement.bind(day.start, at: 2)
                statement.bind(day.end, at: 3)
                statement.bind(Int64(count), at: 4)
                while try statement.step() { rows.append(RawRow(statement)) }
            }
            let found = try Self.entries(in: page), foundNext = try Self.entries(in: second)
            guard found == rows.count, foundNext == count else {
                throw ValidationError("pages of \(found) and \(foundNext) Observations, \(rows.count) raw rows")
            }
            guard run > 0 else { continue }  // warm-up
            first.append(firstTime)
            next.append(nextTime)
            baseline.append(rawTime)
        }
        let (ours, after, rawMedian) = (Measure.median(first), Measure.median(next), Measure.median(baseline))
        for (metric, value) in Timing.metrics {
            var table = Table(
                "page of \(count) (\(metric), medians)", "first page", "next page", "raw SQL", "first/raw", "next/raw")
            table.add(
                Format.count(Double(size)) + " samples", Format.milliseconds(ours[keyPath: value]),
                Format.milliseconds(after[keyPath: value]), Format.milliseconds(rawMedian[keyPath: value]),
                Format.ratio(ours[keyPath: value] / rawMedian[keyPath: value]),
                Format.ratio(after[keyPath: value] / rawMedian[keyPath: value]))
            print(table.render())
        }
    }

    private static func bundle(_ json: String) throws -> [String: Any] {
        guard let bundle = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw ValidationError("the search answered no Bundle")
        }
        return bundle
    }

    private static func entries(in json: String) throws -> Int {
        (try bundle(json)["entry"] as? [Any])?.count ?? 0
    }

    private static func cursor(ofNextLinkIn json: String) throws -> String {
        let links = try bundle(json)["link"] as? [[String: Any]] ?? []
        guard let next = links.first(where: { $0["relation"] as? String == "next" })?["url"] as? String,
            let cursor = URLComponents(string: next)?.queryItems?.first(where: { $0.name == "_cursor" })?.value
        else { throw ValidationError("the first page has no next link") }
        return cursor
    }
}
