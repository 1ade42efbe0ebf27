import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// `ohk-bench load --instances N`: several healthd side by side on one PostgreSQL database (issue 18), against one.
/// The same `--apps` apps are registered by the owner through the first instance; in the run with N instances app
/// `i` talks to instance `i mod N`, in the run with one, every app talks to it. Both runs do the same save-and-query
/// loop for the same time, each on a fresh database of the same server.
extension LoadBenchmark {
    func runInstances() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        print(
            "\(apps) apps through \(instances) healthd instances on one PostgreSQL database, against the same apps "
                + "through one; \(loop(per: "run")).")
        var table = Table(
            "healthd", "requests/s", "samples saved/s", "save p50", "save p99", "query p50", "query p99",
            "healthd CPU/request", "errors")
        let server = try await PostgreSQLServer.start()
        do {
            let several = try await instancesRun(instances, server, scratch)
            let one = try await instancesRun(1, server, scratch)
            several.add(to: &table, as: "\(instances) instances")
            one.add(to: &table, as: "1 instance")
            print(table.render())
            print(
                "\(instances) instances / 1: requests \(Format.ratio(several.outcome.requestsPerSecond / one.outcome.requestsPerSecond)), "
                    + "save p50 \(Format.ratio(several.outcome.saves.percentile(0.5) / one.outcome.saves.percentile(0.5))), "
                    + "query p50 \(Format.ratio(several.outcome.queries.percentile(0.5) / one.outcome.queries.percentile(0.5)))"
            )
        } catch {
            await server.remove()
            throw error
        }
        await server.remove()
    }

    /// `count` healthd on a fresh database of `server`, sharing one folder (the owner secret and credential key), the
    /// apps registered through the first, then the load spread over them.
    private func instancesRun(_ count: Int, _ server: PostgreSQLServer, _ scratch: ScratchDirectory) async throws
        -> InstancesRun
    {
        let url = try await server.createDatabase()
        let folder = scratch.url.appendingPathComponent("instances-\(count)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var daemons: [HealthdLauncher] = []
        do {
            // The first makes the secrets the others read.
            for _ in 0..<count {
                daemons.append(
                    try await HealthdLauncher(
                        executable: healthd, directory: folder, database: (url, server.password)))
            }
            var credentials: [String] = []
            for index in 0..<apps {
                credentials.append(
                    try await daemons[0].registerAllowed(LoadApp.manifest(index), types: [HeartRateSeries.type]))
            }
            let cpuBefore = daemons.map { $0.cpuSeconds() }
            let outcome = try await LoadApp.runProcesses(count: apps, duration: duration, batch: batch) { [daemons] in
                (
                    ["--healthd", daemons[$0 % daemons.count].address.absoluteString],
                    ["OPENHEALTHKIT_CREDENTIAL": credentials[$0]]
                )
            }
            let cpu = zip(daemons, cpuBefore).map { $0.cpuSeconds() - $1 }.reduce(0, +)
            for daemon in daemons { await daemon.stop() }
            print(outcome.summary("\(count) healthd instance\(count == 1 ? "" : "s") on one database"))
            return InstancesRun(
                outcome: outcome, daemonCPUPerRequest: cpu / Double(outcome.saves.count + outcome.queries.count))
        } catch {
            for daemon in daemons { await daemon.stop() }
            throw error
        }
    }
}

/// One run of `load --instances`.
private struct InstancesRun {
    let outcome: LoadOutcome
    /// Every instance's CPU (user and system) per request, in seconds.
    let daemonCPUPerRequest: Double

    func add(to table: inout Table, as label: String) {
        outcome.add(to: &table, as: label, cpu: [daemonCPUPerRequest])
    }
}
