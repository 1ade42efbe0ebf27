import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ohk-bench web`: the Health web app's Heart Rate page over a year of readings every five minutes (105,120
/// samples), each period (Day, Week, Month, Year, the one a person opens at the latest data) and the Summary, asked
/// from healthd over loopback as a browser asks them, beside the raw SQL that reads the same figures (each interval's
/// minimum, maximum and average with `GROUP BY`, and the first 51 samples of the period) on the same file.
struct WebPageBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Health's type page over a year of heart rate, through healthd, against SQL GROUP BY.")

    @Option(help: "Timed requests of each page; the median is reported.")
    var runs = 7

    @Option(help: "The healthd executable (default: the one built next to ohk-bench).")
    var healthd: String?

    /// Every five minutes for the 365 days before 2025-01-01 (UTC).
    static let interval: Double = 300
    static let count = 365 * 288
    static let end = HeartRateSeries.end

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let store = scratch.path("health.sqlite")
        let built = try Measure.time { try Self.build(at: store) }
        print(
            "Stored \(Format.count(Double(Self.count))) heart rates (a year, every 5 minutes) in \(Format.seconds(built.wall))."
        )

        try await HealthdLauncher.running(executable: healthd, directory: scratch.url) { daemon in
            try await measure(daemon, store: store)
        }
    }

    private func measure(_ daemon: HealthdLauncher, store: String) async throws {
        let browser = try await BenchBrowser.signedIn(at: daemon.address, secret: try daemon.ownerSecret())
        let raw = try RawDatabase(path: store)
        let typeID = try BenchStore.heartRateTypeID(in: raw)
        let lastDay = Self.end - HeartRateSeries.day

        var table = Table("page", "bytes", "page (wall)", "SQL (wall)", "page/SQL")
        let periods: [(name: String, path: String, bucket: Double?, start: Double)] = [
            ("Day (hours)", "range=day", 3600, lastDay),
            ("Week (days)", "range=week", 86_400, Self.end - 7 * 86_400),
            ("Month (days)", "range=month", 86_400, Self.end - 31 * 86_400),
            // A month is not a fixed length: the year's bars are computed as calendar months.
            ("Year (months)", "range=year", nil, Self.end - 365 * 86_400),
        ]
        for period in periods {
            let path = "/types/heartRate?\(period.path)&date=2024-12-31"
            var bytes = 0
            let page = try await Self.median(runs) { bytes = try await browser.get(path).count }
            let sql = try Self.median(runs) {
                try Self.rawFigures(raw, typeID: typeID, start: period.start, end: Self.end, bucket: period.bucket)
            }
            table.add(
                period.name, Format.count(Double(bytes)), Format.milliseconds(page), Format.milliseconds(sql),
                Format.ratio(page / sql))
        }
        var bytes = 0
        let summary = try await Self.median(runs) { bytes = try await browser.get("/").count }
        table.add("Summary", Format.count(Double(bytes)), Format.milliseconds(summary), "", "")
        print(table.render())
    }

    /// The store: a year of heart rates from a watch, saved through the engine as an app would save them.
    private static func build(at path: String) throws {
        let engine = HealthEngine(storage: try SQLiteStorage(path: path))
        let owner = Principal.owner(source: try SourceRow.owner(named: "Watch"))
        let unit = HKUnit.count().unitDivided(by: .minute())
        var batch: [HKSample] = []
        for index in 0..<count {
            let date = Date(timeIntervalSince1970: end - Double(count - index) * interval)
            batch.append(
                HKQuantitySample(
                    type: HKQuantityType(.heartRate),
                    quantity: HKQuantity(unit: unit, doubleValue: 50 + Double(index * 7 % 90)), start: date, end: date))
            if batch.count == 10_000 || index == count - 1 {
                try engine.blocking { try await $0.save(batch, as: owner) }
                batch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// What the page reads, in raw SQL: per interval (a fixed length, or calendar months) the lowest, highest and
    /// average value, the period's average, and its first 51 samples newest first.
    private static func rawFigures(_ raw: RawDatabase, typeID: Int64, start: Double, end: Double, bucket: Double?)
        throws
    {
        let grouping =
            bucket.map { "CAST((start_date - \(start)) / \($0) AS INTEGER)" }
            ?? "strftime('%Y-%m', start_date, 'unixepoch')"
        for sql in [
            "SELECT \(grouping) AS bucket, min(value), max(value), avg(value) FROM sample WHERE type_id = ?1 "
                + "AND start_date >= ?2 AND start_date < ?3 GROUP BY bucket",
            "SELECT min(value), max(value), avg(value) FROM sample WHERE type_id = ?1 AND start_date >= ?2 "
                + "AND start_date < ?3",
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

    private static func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        Measure.median(try (0..<runs).map { _ in try Measure.time(body).wall })
    }

    private static func median(_ runs: Int, _ body: () async throws -> Void) async throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try await Measure.time(body).wall) }
        return Measure.median(times)
    }
}

/// A browser signed in to Health, as far as the benchmark needs one: its session cookie, no redirects followed.
final class BenchBrowser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let address: URL
    private var cookies: [String: String] = [:]
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    private init(address: URL) {
        self.address = address
    }

    /// Signs in with the owner secret as the sign-in page does.
    static func signedIn(at address: URL, secret: String) async throws -> BenchBrowser {
        let browser = BenchBrowser(address: address)
        let form = String(decoding: try await browser.get("/signin"), as: UTF8.self)
        guard let range = form.range(of: "name=\"token\" value=\"") else { throw BenchError("no sign-in form") }
        let token = String(form[range.upperBound...].prefix { $0 != "\"" })
        let body =
            "token=\(token)&next=%2F&secret="
            + (secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        _ = try await browser.send("POST", "/signin", body: Data(body.utf8))
        guard browser.cookies["health_session"] != nil else { throw BenchError("healthd refused the owner secret") }
        return browser
    }

    /// The session's cookies as a `Cookie` header value, for another client (curl) to ask as this browser.
    var cookieHeader: String { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

    /// The page's bytes; a status other than 200 is an error.
    func get(_ path: String) async throws -> Data {
        let (data, status) = try await send("GET", path, body: nil)
        guard status == 200 else { throw BenchError("\(path) answered \(status)") }
        return data
    }

    private func send(_ method: String, _ path: String, body: Data?) async throws -> (Data, Int) {
        var request = URLRequest(url: URL(string: address.absoluteString + path)!, timeoutInterval: 300)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        request.setValue(cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "), forHTTPHeaderField: "Cookie")
        let (data, response) = try await session.data(for: request)
        guard let response = response as? HTTPURLResponse else { throw BenchError("no HTTP answer") }
        for (name, value) in response.allHeaderFields {
            guard (name as? String)?.lowercased() == "set-cookie", let value = value as? String else { continue }
            for cookie in value.components(separatedBy: CharacterSet(charactersIn: ",\n")) {
                let pair = cookie.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard let equals = pair.firstIndex(of: "="), pair.hasPrefix("health_") else { continue }
                cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
        }
        return (data, response.statusCode)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
