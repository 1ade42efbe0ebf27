import ArgumentParser
import CoreFoundation  // where Swift finds the C `timespec`/`timeval` this file reads
import Foundation
import OpenHealthKit
import OpenHealthKitTesting

/// `ohk-bench load-app`: one app of `ohk-bench load`, in a process of its own, as apps run: its store on healthd
/// (the credential in `OPENHEALTHKIT_CREDENTIAL`, never on the command line) or on a database file. It waits for
/// the common start time, runs its loop, and prints what it measured as JSON.
struct LoadApp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load-app", abstract: "One app of `ohk-bench load` (run by it).", shouldDisplay: false)

    @Option(help: "The app's number: its bundle identifier and its clock.")
    var index: Int

    @Option(help: "healthd's address (the credential comes from OPENHEALTHKIT_CREDENTIAL).")
    var healthd: String?

    @Option(help: "The database file of an embedded store.")
    var store: String?

    @Option(help: "When to start, in seconds since 1970.")
    var startAt: Double

    @Option var duration: Double
    @Option var batch: Int

    static func manifest(_ index: Int) -> AppManifest {
        AppManifest(
            bundleIdentifier: "org.openhealthkit.load\(index)", name: "Load \(index)", version: "1",
            shareUsageDescription: "Reads what the load test wrote.", updateUsageDescription: "Writes load.")
    }

    func run() async throws {
        let healthStore: HKHealthStore
        if let healthd, let address = URL(string: healthd) {
            let credential = ProcessInfo.processInfo.environment["OPENHEALTHKIT_CREDENTIAL"] ?? ""
            healthStore = HKHealthStore(
                configuration: HealthStoreConfiguration(remote: .init(address: address, credential: credential)))
        } else if let store {
            healthStore = HKHealthStore(
                configuration: HealthStoreConfiguration(
                    location: .file(store), app: Self.manifest(index), answerer: BenchStore.answerer))
            try await healthStore.requestAuthorization(toShare: [HeartRateSeries.type], read: [HeartRateSeries.type])
        } else {
            throw ValidationError("give --healthd or --store")
        }
        let wait = startAt - Date().timeIntervalSince1970
        if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
        let started = ContinuousClock.now
        let cpuBefore = Self.cpuSeconds()
        var outcome = await LoadRun.app(healthStore, index: index, batch: batch, until: started + .seconds(duration))
        outcome.elapsed = (ContinuousClock.now - started).seconds
        outcome.appCPU = Self.cpuSeconds() - cpuBefore
        FileHandle.standardOutput.write(try JSONEncoder().encode(outcome))
    }

    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `count` apps as processes of this executable, all starting together, and merges what they measured.
    /// `arguments` gives each app's store arguments and environment.
    static func runProcesses(
        count: Int, duration: Double, batch: Int, arguments: (Int) -> ([String], [String: String])
    ) async throws -> LoadOutcome {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        // Time for every process to start and open its store.
        let startAt = Date().timeIntervalSince1970 + 3 + Double(count) * 0.1
        var running: [(ChildProcess, Pipe)] = []
        for index in 0..<count {
            let (extra, environment) = arguments(index)
            let output = Pipe()
            let process = try ChildProcess(
                executable,
                [
                    "load-app", "--index", "\(index)", "--start-at", "\(startAt)", "--duration", "\(duration)",
                    "--batch", "\(batch)",
                ] + extra, environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
                output: output)
            running.append((process, output))
        }
        var total = LoadOutcome(batch: batch)
        for (process, output) in running {
            // Read to the end before waiting, so that a large output never blocks the app.
            let data = await Task.detached { PipeRead.toEnd(output.fileHandleForReading.fileDescriptor) }.value
            let status = await process.ended().status
            guard status == 0, let outcome = try? JSONDecoder().decode(LoadOutcome.self, from: data) else {
                throw BenchError("an app process failed (status \(status))")
            }
            total.merge(outcome)
        }
        return total
    }
}
