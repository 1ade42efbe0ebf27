import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitSQLite

/// `ohk-bench health-link`: making a SMART Health Link's file (the FHIR export of the chosen period, compressed and
/// encrypted: ``HealthLinkFile``) beside its raw baseline, the same export written to a file and nothing more, in the
/// same run: the ratio is what compressing and encrypting add to the export.
struct HealthLinkBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health-link", abstract: "A SMART Health Link's file versus the FHIR export it encrypts.")

    @Option(help: "The store's size, in heart-rate samples (built with raw inserts).")
    var size = 1_000_000

    @Option(help: "The days shared, ending at the store's last sample.")
    var days = 30

    @Option(help: "Timed runs of each (after one warm-up); the table shows medians.")
    var repeats = 5

    func run() async throws {
        guard Double(size) >= Double(days + 1) * 1_440, days > 0 else {
            throw ValidationError("the store must hold \(days + 1) days of samples")
        }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.path("store.sqlite")
        let build = try BenchStore.buildWithRawInserts(path: path, series: HeartRateSeries(count: size))
        print("store of \(Format.count(Double(size))) samples built with raw inserts in \(Format.seconds(build))")
        let engine = HealthEngine(storage: try SQLiteStorage(path: path))
        let types = [HeartRateSeries.type.identifier]
        let since = Date(timeIntervalSince1970: HeartRateSeries.end - Double(days) * HeartRateSeries.day)
        let utc = TimeZone(identifier: "UTC")!
        let key = [UInt8](repeating: 7, count: CompactJWE.keyByteCount)
        var links: [Timing] = [], exports: [Timing] = []
        var records = 0, fileSize = 0, exportSize = 0
        for run in 0...repeats {
            let exported = URL(fileURLWithPath: scratch.path("export-\(run).json"))
            let exportTime = try Measure.time {
                _ = try HealthExporter(engine: engine).export(
                    ExportRequest(
                        format: .fhir, destination: exported, typeIdentifiers: types, start: since, timeZone: utc))
            }
            exportSize = (try FileManager.default.attributesOfItem(atPath: exported.path)[.size] as? Int) ?? 0
            try FileManager.default.removeItem(at: exported)
            var file = ""
            let linkTime = try Measure.time {
                (file, records) = try HealthLinkFile.make(
                    engine: engine, typeIdentifiers: types, since: since, timeZone: utc, key: key,
                    workFile: URL(fileURLWithPath: scratch.path("link-\(run).json")))
            }
            fileSize = file.utf8.count
            guard run > 0 else { continue }  // warm-up
            links.append(linkTime)
            exports.append(exportTime)
        }
        print(
            "\(Format.count(Double(records))) Observations: \(exportSize >> 10) KB of FHIR, "
                + "\(fileSize >> 10) KB encrypted (\(Format.ratio(Double(fileSize) / Double(exportSize))))")
        let (link, export) = (Measure.median(links), Measure.median(exports))
        for (metric, value) in Timing.metrics {
            var table = Table("\(days) days shared (\(metric), medians)", "link file", "FHIR export", "link/export")
            table.add(
                Format.count(Double(size)) + " samples", Format.milliseconds(link[keyPath: value]),
                Format.milliseconds(export[keyPath: value]),
                Format.ratio(link[keyPath: value] / export[keyPath: value]))
            print(table.render())
        }
    }
}
