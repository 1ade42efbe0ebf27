import ArgumentParser
import CoreFoundation  // where Swift finds the C `timespec`/`timeval` this file reads
import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitSQLite
import OpenHealthKitTesting

/// `ohk-bench import --size-mb 500`: importing a Health export, beside `xmllint --stream --noout` on the same
/// document (libxml2's streaming parse, the floor for any importer) and healthkit-to-sqlite 1.0.1 on the same zip.
///
/// Each tool runs as its own process, so that its time and peak memory (the kernel's `ru_maxrss`) are its own.
struct ImportBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import of a synthetic Health export beside xmllint --stream and healthkit-to-sqlite.",
        subcommands: [Compare.self, Child.self], defaultSubcommand: Compare.self)

    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare", abstract: "Runs the comparison (the default).")

        @Option(help: "Approximate size of export.xml, in MB.")
        var sizeMb: Double = 500
        @Option(help: "Where the export and the stores are written (the export is reused when its size matches).")
        var workDirectory = "/tmp/ohk-bench-import"
        @Option(help: "Rounds; the median of each tool is reported.")
        var rounds = 1
        @Flag(help: "Leave out healthkit-to-sqlite.")
        var skipPeer = false

        func run() throws {
            let export = try ExportFixture.make(sizeMB: sizeMb, in: workDirectory)
            let document = export.appendingPathComponent("apple_health_export/export.xml").path
            let zip = export.appendingPathComponent("export.zip").path
            let documentSize =
                (try FileManager.default.attributesOfItem(atPath: document)[.size] as? NSNumber)?.int64Value ?? 0
            print("Export: \(document) (\(String(format: "%.1f", Double(documentSize) / 1e6)) MB), \(zip)")
            // healthkit-to-sqlite's time depends on it (it syncs every 50 records): printed with the results.
            let syncLatency = try DiskSyncLatency.measure(in: workDirectory)
            print(
                String(
                    format: "Disk: a 4 KiB write made durable (pwrite + fdatasync) in %.0f µs (median of 200)",
                    syncLatency * 1e6))
            let me = CommandLine.arguments[0]
            var tools: [(name: String, run: () throws -> TimedRun.Outcome)] = [
                (
                    "xmllint --stream --noout export.xml",
                    { try TimedRun.run(["xmllint", "--stream", "--noout", document]) }
                ),
                ("hk import export.xml", { try importRun(me, document) }),
                ("hk import export.zip", { try importRun(me, zip) }),
            ]
            if !skipPeer {
                tools.append(
                    (
                        "healthkit-to-sqlite 1.0.1 export.zip",
                        {
                            let database = "\(workDirectory)/peer.db"
                            try? FileManager.default.removeItem(atPath: database)
                            return try TimedRun.run(["healthkit-to-sqlite", zip, database])
                        }
                    ))
            }
            var results: [String: [TimedRun.Outcome]] = [:]
            for round in 0..<rounds {
                // Swap the order each round so that neither side always runs on a warm page cache.
                for tool in round.isMultiple(of: 2) ? tools : tools.reversed() {
                    let outcome = try tool.run()
                    guard outcome.status == 0 else {
                        throw ValidationError("\(tool.name) failed with status \(outcome.status): \(outcome.output)")
                    }
                    results[tool.name, default: []].append(outcome)
                }
            }
            report(tools.map(\.name), results, records: results["hk import export.xml"]?.last?.output)
        }

        /// One import in a child process, into a fresh database file.
        private func importRun(_ executable: String, _ path: String) throws -> TimedRun.Outcome {
            let database = "\(workDirectory)/store.sqlite"
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            return try TimedRun.run([executable, "import", "child", path, "--database", database])
        }

        private func report(_ names: [String], _ results: [String: [TimedRun.Outcome]], records: String?) {
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            /// The CPU time of the busiest thread: what bounds the wall time on an idle machine.
            func busiest(_ outcome: TimedRun.Outcome) -> Double {
                guard let data = outcome.output.split(separator: "\n").last.map({ Data($0.utf8) }),
                    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let threads = json["busiestThreadsCPU"] as? [Double], let first = threads.first
                else { return outcome.cpu }
                return first
            }
            let baseline = median(results[names[0]]!.map(\.wall))
            let baselineCPU = median(results[names[0]]!.map(\.cpu))
            print("")
            print(
                "| tool | wall (s) | CPU (s) | busiest thread CPU (s) | peak RSS (MB) | wall / xmllint | CPU / xmllint | busiest thread / xmllint CPU |"
            )
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            for name in names {
                guard let outcomes = results[name] else { continue }
                let wall = median(outcomes.map(\.wall))
                let cpu = median(outcomes.map(\.cpu))
                let thread = median(outcomes.map(busiest))
                let rss = median(outcomes.map { Double($0.peakKilobytes) / 1024 })
                print(
                    String(
                        format: "| %@ | %.2f | %.2f | %.2f | %.0f | %.2f | %.2f | %.2f |", name, wall, cpu, thread, rss,
                        wall / baseline,
                        cpu / baselineCPU, thread / baselineCPU))
            }
            if let peer = results[names.last!], names.last!.hasPrefix("healthkit-to-sqlite") {
                let peerWall = median(peer.map(\.wall))
                print("")
                for name in names where name.hasPrefix("hk import") {
                    guard let outcomes = results[name] else { continue }
                    print(
                        String(
                            format: "%@: %.1f× faster than healthkit-to-sqlite (wall)", name,
                            peerWall / median(outcomes.map(\.wall))))
                }
            }
            if let records {
                print("\nhk import (last run): \(records.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
        }
    }

    /// The child process: one import, then a line of JSON with what it read and stored.
    struct Child: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "child", abstract: "One import (run by compare).", shouldDisplay: false)

        @Argument var path: String
        @Option var database: String
        @Option(help: "Rows per transaction (the importer's default when left out).")
        var batchSize: Int?

        func run() throws {
            let engine = HealthEngine(storage: try SQLiteStorage(path: database))
            let threads = ThreadCPUSampler()
            let importer = HealthExportImporter(engine: engine)
            if let batchSize { importer.batchSize = batchSize }
            let summary = try importer.import(from: URL(fileURLWithPath: path))
            let busiest = threads.stop().sorted { $0.value > $1.value }.prefix(2)
            let line: [String: Any] = [
                "seconds": summary.duration, "read": summary.totalRead, "added": summary.totalAdded,
                "skipped": summary.skippedTotal, "routeLocations": summary.routeLocationsAdded,
                "heartbeats": summary.heartbeatsAdded,
                "busiestThreadsCPU": busiest.map(\.value), "busiestThreads": busiest.map(\.key),
            ]
            print(
                String(
                    decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
        }
    }
}

/// The CPU time of each thread of this process, read from `/proc/self/task` five times a second (a thread's entry
/// goes when the thread ends, so the last reading is kept).
final class ThreadCPUSampler: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var seconds: [String: Double] = [:]
    private var running = true
    private let thread: Thread

    init() {
        let box = Box()
        thread = Thread { box.sampler?.loop() }
        box.sampler = self
        thread.start()
    }

    private final class Box: @unchecked Sendable {
        weak var sampler: ThreadCPUSampler?
    }

    private func loop() {
        while lock.withLock({ running }) {
            sample()
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    private func sample() {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return }
        for task in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // Fields after the command: state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            lock.withLock { seconds["\(task) \(name)"] = (user + system) / ticks }
        }
    }

    /// Stops sampling; the CPU seconds of each thread seen, by "id name".
    func stop() -> [String: Double] {
        sample()
        return lock.withLock {
            running = false
            return seconds
        }
    }
}

/// The synthetic export of `Scripts/generate_export.py`, made once per size.
enum ExportFixture {
    static func make(sizeMB: Double, in directory: String) throws -> URL {
        let folder = URL(fileURLWithPath: directory).appendingPathComponent("export-\(Int(sizeMB))mb")
        let done = folder.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: done.path) { return folder }
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/generate_export.py").path
        print("Generating a \(Int(sizeMB)) MB export with \(script)...")
        let outcome = try TimedRun.run([
            "python3", script, "--size-mb", String(sizeMB), "--out", folder.path, "--zip",
        ])
        guard outcome.status == 0 else { throw ValidationError("the generator failed: \(outcome.output)") }
        _ = FileManager.default.createFile(atPath: done.path, contents: nil)
        return folder
    }
}

/// A child process, timed, with its peak resident memory and CPU time from `wait4`.
enum TimedRun {
    struct Outcome {
        var status: Int32
        var wall: Double
        /// User and system time.
        var cpu: Double
        var peakKilobytes: Int
        /// Standard output and error.
        var output: String
    }

    /// Runs `arguments` (the command found on `PATH`) to its end, its output and errors into a temporary file.
    static func run(_ arguments: [String]) throws -> Outcome {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-bench-\(UUID().uuidString).out"
        ).path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let file = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw ValidationError("cannot write \(outputPath)") }
        let started = ContinuousClock.now
        let pid: pid_t
        do {
            defer { close(file) }
            pid = try ChildProcess.spawn(
                ["/usr/bin/env"] + arguments, environment: ProcessInfo.processInfo.environment,
                streams: [nil, file, file])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let wall = (ContinuousClock.now - started)
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let exitStatus = ChildProcess.Termination(waitStatus: status).status
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return Outcome(status: exitStatus, wall: seconds, cpu: cpu, peakKilobytes: usage.ru_maxrss, output: output)
    }
}
