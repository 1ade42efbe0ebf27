import ArgumentParser
import Foundation
import OpenHealthKit

/// `ohk-bench load`: many apps at once, each saving batches of heart-rate samples and querying its recent readings
/// in a loop, through healthd over loopback (each app an `HKHealthStore` with its own credential) and then on the
/// embedded store (each app an `HKHealthStore` on the same database file), for the same time with the same batches.
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

    @Flag(help: "Run healthd only, without the embedded comparison.")
    var healthdOnly = false

    func validate() throws {
        guard apps > 0, duration > 0, batch > 0 else { throw ValidationError("--apps, --duration and --batch must be positive") }
    }

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let manifests = (0..<apps).map { index in
            AppManifest(
                bundleIdentifier: "org.openhealthkit.load\(index)", name: "Load \(index)", version: "1",
                shareUsageDescription: "Reads what the load test wrote.", updateUsageDescription: "Writes load.")
        }
        print("\(apps) apps, each saving \(batch) heart-rate samples then querying its last 10 minutes (newest 100), "
            + "for \(Format.seconds(duration)) per backend.")

        let daemon = try await HealthdLauncher(
            executable: healthd, storePath: scratch.path("healthd.sqlite"), logPath: scratch.path("healthd.log"))
        var stores: [HKHealthStore] = []
        for manifest in manifests {
            let credential = try await daemon.registerAllowed(manifest, types: [HeartRateSeries.type])
            stores.append(HKHealthStore(configuration: HealthStoreConfiguration(remote: .init(address: daemon.address, credential: credential))))
        }
        let cpuBefore = daemon.cpuSeconds()
        let remote = try await LoadRun(stores: stores, batch: batch, duration: duration).run()
        let daemonCPU = daemon.cpuSeconds() - cpuBefore
        try await daemon.stop()
        let audited = try BenchStore.rawConnection(path: daemon.storePath).int64("SELECT count(*) FROM audit_entry") ?? 0
        print(remote.summary("healthd over loopback"))
        print("healthd used \(Format.seconds(daemonCPU)) of CPU (\(String(format: "%.0f", 100 * daemonCPU / remote.elapsed)) % of one core); "
            + "its audit log holds \(Format.count(Double(audited))) entries.")

        var table = Table("backend", "requests/s", "samples saved/s", "save p50", "save p99", "query p50", "query p99", "errors")
        remote.add(to: &table, as: "healthd (HTTP, loopback)")
        if !healthdOnly {
            let path = scratch.path("embedded.sqlite")
            var embedded: [HKHealthStore] = []
            for manifest in manifests {
                let store = HKHealthStore(configuration: HealthStoreConfiguration(location: .file(path), app: manifest, answerer: BenchStore.answerer))
                try await store.requestAuthorization(toShare: [HeartRateSeries.type], read: [HeartRateSeries.type])
                embedded.append(store)
            }
            let local = try await LoadRun(stores: embedded, batch: batch, duration: duration).run()
            print(local.summary("embedded store"))
            local.add(to: &table, as: "embedded (in process)")
            print(table.render())
            print("healthd/embedded save throughput: \(Format.ratio(remote.savedPerSecond / local.savedPerSecond)) "
                + "(requests: \(Format.ratio(remote.requestsPerSecond / local.requestsPerSecond)))")
        } else {
            print(table.render())
        }
    }
}

/// One backend's run: every app in its own task, save then query, until the time is up.
struct LoadRun {
    let stores: [HKHealthStore]
    let batch: Int
    let duration: Double

    struct Outcome: Sendable {
        var saves = Latencies()
        var queries = Latencies()
        var errors: [String] = []
        var elapsed = 0.0

        var requestsPerSecond: Double { Double(saves.count + queries.count) / elapsed }
        var savedPerSecond: Double { Double(saves.count * saveBatch) / elapsed }
        var saveBatch = 0

        func add(to table: inout Table, as label: String) {
            table.add(
                label, Format.count(requestsPerSecond), Format.count(savedPerSecond), Format.milliseconds(saves.percentile(0.5)),
                Format.milliseconds(saves.percentile(0.99)), Format.milliseconds(queries.percentile(0.5)),
                Format.milliseconds(queries.percentile(0.99)), "\(errors.count)")
        }

        func summary(_ label: String) -> String {
            var text = "\(label): \(saves.count) saves and \(queries.count) queries in \(Format.seconds(elapsed)), \(errors.count) errors"
            for error in Set(errors).prefix(5) { text += "\n  error: \(error)" }
            return text
        }
    }

    func run() async throws -> Outcome {
        let deadline = ContinuousClock.now + .seconds(duration)
        let started = ContinuousClock.now
        var outcome = await withTaskGroup(of: Outcome.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask { await Self.app(store, index: index, batch: batch, until: deadline) }
            }
            var total = Outcome()
            for await one in group {
                total.saves.merge(one.saves)
                total.queries.merge(one.queries)
                total.errors += one.errors
            }
            return total
        }
        outcome.elapsed = (ContinuousClock.now - started).seconds
        outcome.saveBatch = batch
        return outcome
    }

    /// One app's loop. Its readings are 5 s apart on its own clock, starting at 2025-01-01.
    private static func app(_ store: HKHealthStore, index: Int, batch: Int, until deadline: ContinuousClock.Instant) async -> Outcome {
        var outcome = Outcome()
        var clock = HeartRateSeries.end + Double(index) * 0.25
        while ContinuousClock.now < deadline {
            let samples = (0..<batch).map { offset in
                let date = Date(timeIntervalSince1970: clock + Double(offset) * 5)
                return HKQuantitySample(
                    type: HeartRateSeries.type, quantity: HKQuantity(unit: HeartRateSeries.unit, doubleValue: Double(60 + (offset * 7) % 40)),
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
                    withStart: Date(timeIntervalSince1970: clock - 600), end: Date(timeIntervalSince1970: clock), options: [])
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
            store.execute(HKSampleQuery(
                sampleType: HeartRateSeries.type, predicate: predicate, limit: 100,
                sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
            ) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples ?? []) }
            })
        }
    }
}

/// Latencies in seconds, for percentiles.
struct Latencies: Sendable {
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
