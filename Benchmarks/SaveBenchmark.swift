import ArgumentParser
import Foundation
import OpenHealthKit

/// `ohk-bench save`: one `HKHealthStore.save` of many heart-rate samples into a fresh database file, beside the
/// same rows written with raw prepared statements into a fresh file with the same schema (with `--steps`, step
/// counts instead). The store's time includes keeping the statistics aggregates, which every quantity type has; the
/// raw side keeps none.
struct SaveBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: "Batch save through HKHealthStore.save versus raw SQLite inserts.")

    @Option(help: "How many samples to save in one call.")
    var samples = 1_000_000

    @Option(help: "Rounds, each on fresh files; odd rounds run the raw inserts first, even rounds the store first.")
    var rounds = 2

    @Flag(help: "Save step counts of 50 s each instead of heart rates.")
    var steps = false

    static let stepCount = HKQuantityType(.stepCount)

    func run() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let series = HeartRateSeries(count: samples)

        var objects: [HKObject] = []
        objects.reserveCapacity(samples)
        let making = Measure.time {
            for index in 0..<samples {
                objects.append(steps ? Self.steps(series, at: index) : series.object(at: index))
            }
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
                value: sample.quantity.doubleValue(for: steps ? .count() : HeartRateSeries.unit))
        }
        let type = steps ? Self.stepCount : HeartRateSeries.type

        var ours: [Timing] = []
        var raw: [Timing] = []
        for round in 1...rounds {
            let oursPath = scratch.path("ours-\(round).sqlite")
            let rawPath = scratch.path("raw-\(round).sqlite")
            // Opening and authorizing are not timed: an app does them once.
            let store = try await BenchStore.authorizedHealthStore(path: oursPath, type: type)
            try BenchStore.createSchema(at: rawPath)
            let rawDatabase = try BenchStore.rawConnection(path: rawPath)
            let saveRaw = {
                try RawSampleWriter(database: rawDatabase).insert(
                    rows, typeIdentifier: type.identifier,
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
            for path in [rawPath, oursPath] { try? FileManager.default.removeItem(atPath: path) }
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

    /// A step count of 50 s starting at the heart-rate series' reading `index` (consecutive samples do not overlap
    /// much: readings are about a minute apart).
    private static func steps(_ series: HeartRateSeries, at index: Int) -> HKQuantitySample {
        let start = Date(timeIntervalSince1970: series.start(at: index))
        return HKQuantitySample(
            type: stepCount, quantity: HKQuantity(unit: .count(), doubleValue: series.value(at: index)), start: start,
            end: start.addingTimeInterval(50))
    }
}
