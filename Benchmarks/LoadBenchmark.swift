import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `ohk-bench load`: many apps at once, each saving batches of heart-rate samples and querying its recent readings
/// in a loop, for the same time with the same batches:
///
/// 1. through healthd over loopback, each app a process of its own (`ohk-bench load-app`) with an `HKHealthStore`
///    configured with its credential, as apps run;
/// 2. on the embedded store, each app a process with an `HKHealthStore` on the same database file;
/// 3. with `--in-process`, also through healthd with every app's store in this one process.
///
/// With `--users N`, many people instead: a PostgreSQL healthd serving N users of M apps each, against a SQLite
/// healthd serving the same N × M apps of its one owner (`LoadBenchmark+Users`). With `--instances N`, N healthd
/// on one PostgreSQL database against one (`LoadBenchmark+Instances`).
struct LoadBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Concurrent apps saving and querying through healthd over loopback, beside the embedded store.")

    @Option(help: "Apps running at once.")
    var apps = 16

    @Option(help: "Seconds each backend runs.")
    var duration = 60.0

    @Option(help: "Samples per save.")
    var batch = 10

    @Option(help: "The healthd executable (default: the one built next to ohk-bench).")
    var healthd: String?

    @Flag(help: "Also run every app's store in this process, against healthd.")
    var inProcess = false

    @Option(help: "Users of a PostgreSQL healthd, each with --apps-per-user apps, against as many apps on SQLite.")
    var users = 0

    @Option(help: "With --users: apps each user registers.")
    var appsPerUser = 4

    @Option(help: "healthd instances on one PostgreSQL database, the --apps spread over them, against one instance.")
    var instances = 0

    func validate() throws {
        guard apps > 0, duration > 0, batch > 0, users >= 0, appsPerUser > 0, instances >= 0 else {
            throw ValidationError(
                "--apps, --duration, --batch and --apps-per-user must be positive, --users and --instances not negative"
            )
        }
        guard users == 0 || instances == 0 else {
            throw ValidationError("--users and --instances are two runs: give one")
        }
    }

    /// What each app does, for how long per `run` (a run's name).
    func loop(per run: String) -> String {
        "each app saves \(batch) heart-rate samples then queries its last 10 minutes (newest 100), for "
            + "\(Format.seconds(duration)) per \(run)"
    }

    func run() async throws {
        if users > 0 { return try await runUsers() }
        if instances > 0 { return try await runInstances() }
        print(
            "\(apps) apps; \(loop(per: "backend")); each backend again on a store that keeps no statistics aggregates "
                + "(\(StatisticsAggregatesSetting.environmentKey)=off), the baseline of what keeping them costs.")
        var table = Table(
            "backend", "requests/s", "samples saved/s", "save p50", "save p99", "query p50", "query p99", "errors")
        let remote = try await runHealthd(keepingAggregates: true, into: &table)
        let local = try await runEmbedded(keepingAggregates: true, into: &table)
        let bareRemote = try await runHealthd(keepingAggregates: false, into: &table)
        let bareLocal = try await runEmbedded(keepingAggregates: false, into: &table)
        print(table.render())
        print(
            "healthd/embedded save throughput: \(Format.ratio(remote.savedPerSecond / local.savedPerSecond)) "
                + "(requests: \(Format.ratio(remote.requestsPerSecond / local.requestsPerSecond)))")
        print(
            "with aggregates/without, save throughput: embedded "
                + "\(Format.ratio(local.savedPerSecond / bareLocal.savedPerSecond)), healthd "
                + "\(Format.ratio(remote.savedPerSecond / bareRemote.savedPerSecond)) (target ≥ 0.9x)")
    }

    /// The environment of a run's processes: aggregates kept or not, whatever this process's environment says.
    static func environment(keepingAggregates: Bool) -> [String: String] {
        [StatisticsAggregatesSetting.environmentKey: keepingAggregates ? "on" : "off"]
    }

    static func label(_ backend: String, keepingAggregates: Bool) -> String {
        keepingAggregates ? backend : backend + ", no aggregates"
    }

    /// The apps, a process each, through a healthd of their own (and, with `--in-process`, again from this one).
    private func runHealthd(keepingAggregates: Bool, into table: inout Table) async throws -> LoadOutcome {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let environment = Self.environment(keepingAggregates: keepingAggregates)
        let daemon = try await HealthdLauncher(executable: healthd, directory: scratch.url, environment: environment)
        var credentials: [String] = []
        for index in 0..<apps {
            credentials.append(try await daemon.registerAllowed(LoadApp.manifest(index), types: [HeartRateSeries.type]))
        }
        let cpuBefore = daemon.cpuSeconds()
        let remote = try await LoadApp.runProcesses(count: apps, duration: duration, batch: batch) { index in
            (["--healthd", daemon.address.absoluteString], ["OPENHEALTHKIT_CREDENTIAL": credentials[index]])
        }
        let daemonCPU = daemon.cpuSeconds() - cpuBefore
        let label = Self.label("healthd (HTTP, loopback)", keepingAggregates: keepingAggregates)
        print(remote.summary(Self.label("healthd, one process per app", keepingAggregates: keepingAggregates)))
        print(
            "  healthd used \(Format.seconds(daemonCPU)) of CPU (\(String(format: "%.0f", 100 * daemonCPU / remote.elapsed)) % of one core, "
                + String(
                    format: "%.2f ms a request)", 1000 * daemonCPU / Double(remote.saves.count + remote.queries.count)))
        remote.add(to: &table, as: label)

        if inProcess && keepingAggregates {
            let stores = credentials.map { credential in
                HKHealthStore(
                    configuration: HealthStoreConfiguration(
                        remote: .init(address: daemon.address, credential: credential)))
            }
            let shared = try await LoadRun.inThisProcess(stores: stores, batch: batch, duration: duration)
            print(shared.summary("healthd, every app in one process"))
            shared.add(to: &table, as: "healthd, apps in one process")
        }
        await daemon.stop()
        let audited =
            try BenchStore.rawConnection(path: daemon.storePath).int64("SELECT count(*) FROM audit_entry") ?? 0
        print("  healthd's audit log holds \(Format.count(Double(audited))) entries")
        return remote
    }

    /// The apps, a process each, on one shared store file.
    private func runEmbedded(keepingAggregates: Bool, into table: inout Table) async throws -> LoadOutcome {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("embedded.sqlite")
        try BenchStore.createSchema(at: path)
        let environment = Self.environment(keepingAggregates: keepingAggregates)
        let local = try await LoadApp.runProcesses(count: apps, duration: duration, batch: batch) { _ in
            (["--store", path], environment)
        }
        print(local.summary(Self.label("embedded, one process per app", keepingAggregates: keepingAggregates)))
        local.add(to: &table, as: Self.label("embedded (shared file)", keepingAggregates: keepingAggregates))
        return local
    }
}

/// What one backend's run measured.
struct LoadOutcome: Codable, Sendable {
    var saves = Latencies()
    var queries = Latencies()
    var errors: [String] = []
    var elapsed = 0.0
    var batch = 0
    /// CPU time the apps' processes used while running (user and system), in seconds.
    var appCPU = 0.0

    var requestsPerSecond: Double { Double(saves.count + queries.count) / elapsed }
    var savedPerSecond: Double { Double(saves.count * batch) / elapsed }

    mutating func merge(_ other: LoadOutcome) {
        saves.merge(other.saves)
        queries.merge(other.queries)
        errors += other.errors
        elapsed = max(elapsed, other.elapsed)
        appCPU += other.appCPU
        batch = other.batch
    }

    /// Adds a row: `label`, the rates and latencies, the `cpu` cells (per request, in seconds; nil shows "—"),
    /// then the errors.
    func add(to table: inout Table, as label: String, cpu: [Double?] = []) {
        table.rows.append(
            [
                label, Format.count(requestsPerSecond), Format.count(savedPerSecond),
                Format.milliseconds(saves.percentile(0.5)), Format.milliseconds(saves.percentile(0.99)),
                Format.milliseconds(queries.percentile(0.5)), Format.milliseconds(queries.percentile(0.99)),
            ] + cpu.map { $0.map(Format.milliseconds) ?? "—" } + ["\(errors.count)"])
    }

    func summary(_ label: String) -> String {
        var text =
            "\(label): \(saves.count) saves and \(queries.count) queries in \(Format.seconds(elapsed)), \(errors.count) errors"
        if appCPU > 0 {
            text += String(
                format: "; the apps used %.1f s of CPU (%.2f ms a request)", appCPU,
                1000 * appCPU / Double(saves.count + queries.count))
        }
        for error in Set(errors).prefix(5) { text += "\n  error: \(error)" }
        return text
    }
}

/// The apps' loop: save a batch, then query the newest readings, until the time is up.
enum LoadRun {
    /// Every store in this process, one task each.
    static func inThisProcess(stores: [HKHealthStore], batch: Int, duration: Double) async throws -> LoadOutcome {
        let deadline = ContinuousClock.now + .seconds(duration)
        let started = ContinuousClock.now
        var total = await withTaskGroup(of: LoadOutcome.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask { await app(store, index: index, batch: batch, until: deadline) }
            }
            var total = LoadOutcome()
            for await one in group { total.merge(one) }
            return total
        }
        total.elapsed = (ContinuousClock.now - started).seconds
        total.batch = batch
        return total
    }

    /// One app's loop. Its readings are 5 s apart on its own clock, starting at 2025-01-01.
    static func app(_ store: HKHealthStore, index: Int, batch: Int, until deadline: ContinuousClock.Instant) async
        -> LoadOutcome
    {
        var outcome = LoadOutcome(batch: batch)
        var clock = HeartRateSeries.end + Double(index) * 0.25
        while ContinuousClock.now < deadline {
            let samples = (0..<batch).map { offset in
                let date = Date(timeIntervalSince1970: clock + Double(offset) * 5)
                return HKQuantitySample(
                    type: HeartRateSeries.type,
                    quantity: HKQuantity(unit: HeartRateSeries.unit, doubleValue: Double(60 + (offset * 7) % 40)),
                    start: date, end: date)
            }
            clock += Double(batch) * 5
            let saveStart = ContinuousClock.now
            do {
                try await store.save(samples)
                outcome.saves.add((ContinuousClock.now - saveStart).seconds)
            } catch {
                outcome.errors.append("save: \(error)")
            }
            let queryStart = ContinuousClock.now
            do {
                let recent = HKQuery.predicateForSamples(
                    withStart: Date(timeIntervalSince1970: clock - 600), end: Date(timeIntervalSince1970: clock),
                    options: [])
                _ = try await recentReadings(store, predicate: recent)
                outcome.queries.add((ContinuousClock.now - queryStart).seconds)
            } catch {
                outcome.errors.append("query: \(error)")
            }
        }
        return outcome
    }

    /// The newest 100 readings matching the predicate.
    private static func recentReadings(_ store: HKHealthStore, predicate: NSPredicate) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKSampleQuery(
                    sampleType: HeartRateSeries.type, predicate: predicate, limit: 100,
                    sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
                ) { _, samples, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: samples ?? [])
                    }
                })
        }
    }
}

/// Latencies in seconds, for percentiles.
struct Latencies: Codable, Sendable {
    private(set) var values: [Double] = []

    var count: Int { values.count }

    mutating func add(_ seconds: Double) { values.append(seconds) }

    mutating func merge(_ other: Latencies) { values += other.values }

    /// The nearest-rank percentile (`fraction` 0.5 for the median); NaN when empty.
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
    }
}
