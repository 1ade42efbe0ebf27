import ArgumentParser
import Foundation
import OpenHealthKit

/// `ohk-bench save`: one `HKHealthStore.save` of many heart-rate samples into a fresh database file, beside the
/// same rows written with raw prepared statements into a fresh file with the same schema.
struct SaveBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: "Batch save through HKHealthStore.save versus raw SQLite inserts.")

    @Option(help: "How many samples to save in one call.")
    var samples = 1_000_000

    @Option(help: "Rounds, each on fresh files; odd rounds run the raw inserts first, even rounds the store first.")
    var rounds = 2

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let series = HeartRateSeries(count: samples)

        var objects: [HKObject] = []
        objects.reserveCapacity(samples)
        let making = Measure.time {
            for index in 0..<samples { objects.append(series.object(at: index)) }
        }
        print(
            "Made \(Format.count(Double(samples))) HKQuantitySamples (heart rate, one app) in \(Format.seconds(making.wall)) (not timed)."
        )
        // The raw baseline binds the very same values.
        let rows = objects.map { object in
            let sample = object as! HKQuantitySample
            return RawSample(
                uuid: sample.uuid, start: sample.startDate.timeIntervalSince1970,
                end: sample.endDate.timeIntervalSince1970,
                value: sample.quantity.doubleValue(for: HeartRateSeries.unit))
        }

        var ours: [Timing] = []
        var raw: [Timing] = []
        for round in 1...rounds {
            let oursPath = scratch.path("ours-\(round).sqlite")
            let rawPath = scratch.path("raw-\(round).sqlite")
            // Opening and authorizing are not timed: an app does them once.
            let store = try await BenchStore.authorizedHealthStore(path: oursPath)
            try BenchStore.createSchema(at: rawPath)
            let rawDatabase = try BenchStore.rawConnection(path: rawPath)
            let saveRaw = {
                try RawSampleWriter(database: rawDatabase).insert(
                    rows, typeIdentifier: HeartRateSeries.type.identifier,
                    source: BenchStore.principal.source, revision: BenchStore.principal.revision)
            }
            if round % 2 == 1 { raw.append(try Measure.time { try saveRaw() }) }
            ours.append(try await Measure.time { try await store.save(objects) })
            if round % 2 == 0 { raw.append(try Measure.time { try saveRaw() }) }

            for path in [oursPath, rawPath] {
                let count = try BenchStore.rawConnection(path: path).int64("SELECT count(*) FROM sample") ?? 0
                guard count == samples else {
                    throw ValidationError("expected \(samples) rows in \(path), found \(count)")
                }
            }
            print(
                "round \(round): store \(Format.seconds(ours[round - 1].wall)) (CPU \(Format.seconds(ours[round - 1].cpu))), "
                    + "raw \(Format.seconds(raw[round - 1].wall)) (CPU \(Format.seconds(raw[round - 1].cpu)))")
            try? FileManager.default.removeItem(atPath: rawPath)
            try? FileManager.default.removeItem(atPath: oursPath)
        }

        let (oursMedian, rawMedian) = (Measure.median(ours), Measure.median(raw))
        var table = Table(
            "save of \(Format.count(Double(samples))) samples, one transaction", "wall", "rows/s (wall)", "CPU",
            "rows/s (CPU)")
        for (label, median) in [
            ("HKHealthStore.save([HKObject])", oursMedian), ("raw sqlite3 prepared INSERT", rawMedian),
        ] {
            table.add(
                label, Format.seconds(median.wall), Format.count(Double(samples) / median.wall),
                Format.seconds(median.cpu),
                Format.count(Double(samples) / median.cpu))
        }
        print(table.render())
        print(
            "ours/raw throughput (medians of \(rounds) rounds): wall \(Format.ratio(rawMedian.wall / oursMedian.wall)), "
                + "CPU \(Format.ratio(rawMedian.cpu / oursMedian.cpu)) (target ≥ 0.50x)")
    }
}
