import Foundation

/// Everything of one person a store holds, read through the storage seam: what ``StoreCopy`` writes and
/// ``StoreTally`` measures.
///
/// Samples come from the export read (each with its kind's detail and children), flattened (a correlation's members
/// and a workout's routes are records of their own), ordered by their anchors, with their bulk points read in (a
/// series' values, a heartbeat series' beats, an electrocardiogram's voltages, a route's locations). The read is held
/// in memory: a million samples take about a gigabyte.
struct StoreContent {
    /// Samples, by anchor.
    var records: [ExportRecord] = []
    /// Tombstones, by anchor.
    var deleted: [DeletedRow] = []
    var settings: [String: String] = [:]
    var activitySummaries: [ActivitySummaryRow] = []
    var unrecognized: [UnrecognizedRecordRow] = []
    var medications: [UserAnnotatedMedicationRow] = []
    var apps: [RegisteredApp] = []
    /// Oldest first.
    var auditEntries: [AuditEntry] = []

    static func read(_ storage: any HealthStorage) async throws -> StoreContent {
        var content = StoreContent()
        let collector = Collector()
        var query = ExportQuery(sampleTypes: try storage.storedSampleTypes())
        query.activitySummaries = true
        query.unrecognizedRecords = true
        try storage.export(query, to: collector)
        content.records = try collector.records.values.sorted { $0.sample.anchor < $1.sample.anchor }.map {
            try withBulkPoints($0, from: storage)
        }
        content.activitySummaries = collector.activitySummaries
        content.unrecognized = collector.unrecognized
        content.deleted = try await storage.fetchDeleted(RowQuery(typeIdentifiers: [])).sorted { $0.anchor < $1.anchor }
        content.settings = try await storage.settings(withPrefix: "")
        content.medications = try storage.medications(conceptCodes: nil)
        content.apps = try storage.registeredApps().sorted { $0.bundleIdentifier < $1.bundleIdentifier }
        var afterID: Int64?
        while true {
            let page = try storage.auditEntries(AuditQuery(afterID: afterID, limit: 10_000))
            content.auditEntries += page
            guard let last = page.last?.id, page.count == 10_000 else { break }
            afterID = last
        }
        return content
    }

    /// The record with the bulk points its detail carries only as a summary on read.
    private static func withBulkPoints(_ record: ExportRecord, from storage: any HealthStorage) throws -> ExportRecord {
        var record = record
        let uuid = record.sample.uuid
        switch record.sample.detail {
        case .quantitySeries(var series) where series.values.isEmpty:
            try storage.forEachQuantitySeriesValue(ofSample: uuid) { series.values.append($0) }
            record.sample.detail = .quantitySeries(series)
        case .heartbeatSeries(var series) where series.beats.isEmpty:
            series.beats =
                record.heartbeatSeriesBeats.isEmpty
                ? try storage.heartbeatSeriesBeats(of: uuid) : record.heartbeatSeriesBeats
            record.sample.detail = .heartbeatSeries(series)
        case .electrocardiogram(var electrocardiogram) where electrocardiogram.leads.isEmpty:
            electrocardiogram.leads =
                record.electrocardiogramLeads.isEmpty
                ? try storage.electrocardiogramLeads(of: uuid) : record.electrocardiogramLeads
            record.sample.detail = .electrocardiogram(electrocardiogram)
        case .workoutRoute(var route) where route.locations.isEmpty:
            route.locations = record.locations
            record.sample.detail = .workoutRoute(route)
        default: break
        }
        // What the detail now carries is not repeated beside it.
        record.heartbeatSeriesBeats = []
        record.electrocardiogramLeads = []
        record.locations = []
        return record
    }

    /// Collects the export's records by UUID (a member comes both inside its parent and as a sample of its own type).
    private final class Collector: ExportVisitor {
        var records: [UUID: ExportRecord] = [:]
        var activitySummaries: [ActivitySummaryRow] = []
        var unrecognized: [UnrecognizedRecordRow] = []

        func record(_ record: ExportRecord) throws {
            var record = record
            let members = record.members
            record.members = []
            if records[record.sample.uuid] == nil { records[record.sample.uuid] = record }
            for member in members { try self.record(member) }
        }

        func activitySummary(_ summary: ActivitySummaryRow) throws { activitySummaries.append(summary) }

        func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws { unrecognized.append(record) }
    }
}
