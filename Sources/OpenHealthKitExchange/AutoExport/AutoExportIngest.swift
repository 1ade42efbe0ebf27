package import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// Stores a Health Auto Export push (`POST /v1/ingest/health-auto-export`) in a person's store, as the owner's import
/// does: each record's samples get UUIDs their contents name, so a push sent again, or one overlapping an earlier
/// one, stores only what is new, and its sources rank as an export's do.
///
/// The push is read twice from its file, never held in memory: first whole, to check it is a push at all (a body
/// that is not stores nothing, ``AutoExportFormatError``); then record by record, in batches of one transaction each.
/// A record that cannot be stored (an unknown metric, a missing value, a unit of another kind) is refused alone and
/// named in the answer.
package final class AutoExportIngest {
    private let engine: HealthEngine
    private let records = AutoExportRecords()
    private var result = AutoExportResult()
    private var batch = ImportBatch()
    /// Which objects and records ``batch`` holds, for counting what it stored.
    private var book = BatchBook()
    /// The books of the batches submitted and not stored yet, oldest first, and what the stored ones stored, by item:
    /// the writer thread tallies there while the reader reads on.
    private let written = Locked(WrittenTally())
    private var sources: [String: SampleSource] = [:]
    /// Where each metric's item is, by name.
    private var metricItems: [String: Int] = [:]
    private var sectionItems: [String: Int] = [:]
    /// How many records carry each UTC offset (the first 50 offsets met), for ``AutoExportResult/timeZone``.
    private var offsets: [Int: Int] = [:]
    private let batchSize: Int

    /// The source of records that name none.
    static let defaultSourceName = "Health Auto Export"

    package init(engine: HealthEngine, batchSize: Int = 2_000) {
        self.engine = engine
        self.batchSize = batchSize
    }

    /// Stores the push in `file`. Throws ``AutoExportFormatError`` (nothing stored) for a body that is not a push;
    /// a storage failure may leave earlier batches stored (sending the push again completes it).
    package func ingest(fileAt file: URL) throws -> AutoExportResult {
        let outline: AutoExportOutline
        do {
            var reader = try Self.reader(of: file)
            outline = try AutoExportOutline(reading: &reader)
        } catch let error as JSONSyntaxError {
            throw AutoExportFormatError(error.description)
        }
        // Batches are stored on a writer thread while the next is read.
        let pipeline = BatchPipeline(
            engine: engine,
            onStored: { [written] _, stored in
                written.withLock { $0.count(stored.stored) }
            })
        do {
            var reader = try Self.reader(of: file)
            try store(&reader, outline: outline, into: pipeline)
            try flush(into: pipeline)
            _ = try pipeline.finish()
        } catch {
            pipeline.abandon()
            throw error
        }
        for (item, counts) in written.withLock({ $0.byItem }) {
            result.items[item].stored += counts.stored
            result.items[item].alreadyStored += counts.alreadyStored
        }
        result.timeZone = offsets.max { ($0.value, -$0.key) < ($1.value, -$1.key) }.flatMap {
            TimeZone(secondsFromGMT: $0.key)?.identifier
        }
        return result
    }

    private static func reader(of file: URL) throws -> JSONPullReader {
        let handle = try FileHandle(forReadingFrom: file)
        return JSONPullReader(nextChunk: {
            guard let data = try handle.read(upToCount: 1 << 16), !data.isEmpty else {
                try? handle.close()
                return nil
            }
            return [UInt8](data)
        })
    }

    /// The second reading: the outline vouched for the shape, so only the records remain to be judged.
    private func store(_ reader: inout JSONPullReader, outline: AutoExportOutline, into pipeline: BatchPipeline) throws
    {
        _ = try reader.next()
        while case .key(let name) = try reader.next() {
            let token = try reader.next()
            guard name == "data" else {
                try reader.skipValue(startingWith: token)
                continue
            }
            var metric = 0
            while case .key(let section) = try reader.next() {
                let token = try reader.next()
                guard AutoExportOutline.sections.contains(section) else {
                    try reader.skipValue(startingWith: token)
                    continue
                }
                var index = 0
                while true {
                    let element = try reader.next()
                    if element == .endArray { break }
                    if section == "metrics" {
                        try storeMetric(&reader, outline.metrics[metric], into: pipeline)
                        metric += 1
                    } else if section == "workouts" {
                        try storeWorkout(&reader, startingWith: element, index: index, into: pipeline)
                    } else {
                        try storeSectionRecord(
                            &reader, startingWith: element, section: section, index: index, into: pipeline)
                    }
                    index += 1
                }
            }
        }
    }

    private func sectionItem(_ section: String, type: String? = nil) -> Int {
        if let item = sectionItems[section] { return item }
        result.items.append(AutoExportResult.Item(section: section, name: nil, type: type))
        sectionItems[section] = result.items.count - 1
        return result.items.count - 1
    }

    private func storeMetric(
        _ reader: inout JSONPullReader, _ outline: AutoExportOutline.Metric, into pipeline: BatchPipeline
    ) throws {
        let name = outline.name ?? ""
        let metric = AutoExportMetric.named(name)
        let item = metricItem(name, metric)
        var unit: (HKUnit, String)?
        var unitProblem: String?
        if let units = outline.units {
            let spelled = AutoExportMetricNames.unitAliases[units] ?? units
            if let parsed = try? HKUnit(parsing: spelled) {
                unit = (parsed, units)
            } else {
                unitProblem = "units \"\(units.prefix(40))\" is not a unit"
            }
        }
        while case .key(let key) = try reader.next() {
            let token = try reader.next()
            guard key == "data" else {
                try reader.skipValue(startingWith: token)
                continue
            }
            var index = 0
            while true {
                let token = try reader.next()
                if token == .endArray { break }
                var budget = AutoExportOutline.recordBudget("metrics")
                let record = try reader.value(startingWith: token, budget: &budget)
                result.items[item].received += 1
                noteOffset(record["date"] ?? record["startDate"])
                defer { index += 1 }
                guard let metric else {
                    result.refuse(
                        item, index: index,
                        outline.name == nil
                            ? "the metric has no name" : "no HealthKit type for metric \"\(name.prefix(60))\"")
                    continue
                }
                if let unitProblem {
                    result.refuse(item, index: index, unitProblem)
                    continue
                }
                try store(item: item, index: index, into: pipeline) {
                    let source = source(of: record)
                    let samples = try records.samples(record, of: metric, unit: unit, source: source)
                    return RecordRows(groups: try rows(of: samples, source: source))
                }
            }
        }
    }

    /// A workout, read whole (bounded: a workout holds a route and heart rates by the thousand, not the document).
    private func storeWorkout(
        _ reader: inout JSONPullReader, startingWith token: JSONPullReader.Token, index: Int,
        into pipeline: BatchPipeline
    ) throws {
        var budget = AutoExportOutline.recordBudget("workouts")
        let record = try reader.value(startingWith: token, budget: &budget)
        let item = sectionItem("workouts", type: HKWorkoutTypeIdentifier)
        result.items[item].received += 1
        noteOffset(record["start"])
        try store(item: item, index: index, into: pipeline) {
            let source = source(of: record)
            let workout = try AutoExportWorkouts(records: records).rows(record, source: source)
            var rows = RecordRows(groups: try self.rows(of: [workout.workout] + workout.heartRates, source: source))
            if let route = workout.route { rows.groups.append([route]) }
            rows.locations = workout.locations
            rows.statistics = workout.statistics
            return rows
        }
    }

    /// A record of a section whose records are one sample each: ``AutoExportSections``, electrocardiograms
    /// (``AutoExportElectrocardiograms``, whose voltages make a larger record) and medications' doses
    /// (``AutoExportMedications``).
    private func storeSectionRecord(
        _ reader: inout JSONPullReader, startingWith token: JSONPullReader.Token, section: String, index: Int,
        into pipeline: BatchPipeline
    ) throws {
        var budget = AutoExportOutline.recordBudget(section)
        let record = try reader.value(startingWith: token, budget: &budget)
        let item = sectionItem(section)
        result.items[item].received += 1
        noteOffset(record["start"])
        try store(item: item, index: index, into: pipeline) {
            let source = source(of: record)
            if section == "ecg" {
                return RecordRows(
                    groups: [[try AutoExportElectrocardiograms(identity: records.identity).row(record, source: source)]]
                )
            }
            if section == "medications" {
                let (dose, medication) = try AutoExportMedications(identity: records.identity).dose(
                    record, source: source)
                // The dose is checked before its medication is tracked: a refused dose tracks nothing.
                let rows = try rows(of: [dose], source: source)
                try engine.blocking { try await $0.trackMedicationIfNew(medication) }
                return RecordRows(groups: rows)
            }
            let sample = try AutoExportSections(records: records).sample(record, section: section, source: source)
            return RecordRows(groups: try rows(of: [sample], source: source))
        }
    }

    /// Counts the UTC offset a record's date was written with.
    private func noteOffset(_ date: JSONValue?) {
        guard let text = date?.string, let offset = AutoExportDate(text)?.offset else { return }
        if offsets[offset] != nil || offsets.count < 50 { offsets[offset, default: 0] += 1 }
    }

    /// Stores what `make` makes of a record, or refuses the record with the reason it gives (a refusal, or the
    /// validation's `HKError`). A storage failure is no refusal: it ends the push.
    private func store(item: Int, index: Int, into pipeline: BatchPipeline, _ make: () throws -> RecordRows) throws {
        let rows: RecordRows
        do {
            rows = try make()
        } catch let refusal as AutoExportRecords.Refusal {
            result.refuse(item, index: index, refusal.reason)
            return
        } catch let error as HKError {
            result.refuse(item, index: index, error.message)
            return
        }
        try add(rows, item: item, into: pipeline)
    }

    private func metricItem(_ name: String, _ metric: AutoExportMetric?) -> Int {
        if let item = metricItems[name] { return item }
        result.items.append(AutoExportResult.Item(section: "metrics", name: name, type: metric?.typeIdentifier))
        metricItems[name] = result.items.count - 1
        return result.items.count - 1
    }

    /// A record's samples validated as any import's are, and turned into rows (each sample's rows together).
    private func rows(of samples: [HKSample], source: SampleSource) throws -> [[SampleRow]] {
        try samples.map { try engine.importRows(for: $0, source: source.row, revision: source.revisionRow) }
    }

    /// Adds a record's rows to the batch, submitting the batch once it is full.
    private func add(_ rows: RecordRows, item: Int, into pipeline: BatchPipeline) throws {
        // A record that holds nothing to store (a count of 0) is received, neither stored nor stored before.
        guard !rows.groups.isEmpty else { return }
        book.records.append(item)
        let record = book.records.count - 1
        for objectRows in rows.groups {
            book.objects.append((batch.samples.count, record))
            batch.samples.append(contentsOf: objectRows)
        }
        batch.locations += rows.locations
        batch.workoutStatistics += rows.statistics
        if batch.samples.count >= batchSize { try flush(into: pipeline) }
    }

    private func flush(into pipeline: BatchPipeline) throws {
        guard !book.records.isEmpty else { return }
        let submitted = book
        written.withLock { $0.books.append(submitted) }
        try pipeline.submit(batch)
        batch = ImportBatch()
        book = BatchBook()
    }

    /// What one record stores: groups of sample rows (each group one object: a sample, a correlation and its members,
    /// a workout), and children of those objects (a route's locations, a workout's statistics).
    private struct RecordRows {
        var groups: [[SampleRow]]
        var locations: [RouteLocationRow] = []
        var statistics: [WorkoutStatisticsRow] = []
    }

    /// The record's source: the first of the names it gives (the app joins several with `|` when it merged their
    /// values), else ``defaultSourceName``; its device carries the same name. Found by the record's text as written
    /// (a push names a handful of sources on thousands of records).
    private func source(of record: JSONValue) -> SampleSource {
        let written = record["source"]?.string ?? ""
        if let source = sources[written] { return source }
        let named = written.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) }
        let name = named.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) } ?? Self.defaultSourceName
        let recordSource = RecordSource(name: name)
        let revision = recordSource.revision(nil)
        let source = SampleSource(
            name: name, row: recordSource.row, revision: revision.revision, revisionRow: revision.row,
            device: HKDevice(
                name: name, manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil,
                softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil))
        // Bounded: a push naming a new source on every record keeps the first thousand.
        if sources.count < 1_000 { sources[written] = source }
        return source
    }
}

/// Which objects and records a batch holds: for each sample row that begins an object, the record it comes from; for
/// each record, its item.
private struct BatchBook {
    var objects: [(row: Int, record: Int)] = []
    var records: [Int] = []
}

/// What the stored batches stored, item by item, counted on the writer thread as each batch commits.
private struct WrittenTally {
    /// The books of the batches submitted and not counted yet, oldest first.
    var books: [BatchBook] = []
    var byItem: [Int: (stored: Int, alreadyStored: Int)] = [:]

    /// Counts the oldest batch's result: each object newly stored counts for its item; a record none of whose
    /// objects was new was stored already.
    mutating func count(_ stored: [Bool]) {
        guard !books.isEmpty else { return }
        let book = books.removeFirst()
        var recordsWithNew = [Bool](repeating: false, count: book.records.count)
        for object in book.objects where stored[object.row] {
            byItem[book.records[object.record], default: (0, 0)].stored += 1
            recordsWithNew[object.record] = true
        }
        for (record, item) in book.records.enumerated() where !recordsWithNew[record] {
            byItem[item, default: (0, 0)].alreadyStored += 1
        }
    }
}
