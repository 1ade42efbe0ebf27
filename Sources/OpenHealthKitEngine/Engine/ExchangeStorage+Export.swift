import Foundation

/// A storage that can be exported (Apple Health XML, FHIR, CSV): its records in a stable order, with the children
/// that HealthKit objects do not cover yet (heartbeats, route locations, audiogram points, workout statistics and
/// activities) and the records that are not samples.
///
/// The read side of ``ExchangeStorage``. An export reads the whole store in one snapshot, a record at a time: memory
/// stays the same whatever the store's size (each record comes with its own children only).
package protocol ExportStorage: Storage {
    /// The identifiers of the sample types that have stored samples, sorted.
    func storedSampleTypes() throws -> [String]

    /// Hands `visitor` every record the query selects, in one read snapshot: the samples of each of
    /// ``ExportQuery/sampleTypes``, in that order, each type by start date, each sample with its children and its
    /// members (a correlation's samples, a workout's routes); then the activity summaries by day, the clinical records
    /// and the unrecognized records, in the order they were stored. `visitor` must not call the storage: the read is
    /// still open.
    func export(_ query: ExportQuery, to visitor: any ExportVisitor) throws
}

/// What an export reads.
package struct ExportQuery: Sendable {
    /// Sample type identifiers, in the order to read them. Members (correlation members, workout routes) come with
    /// their parent whatever their type.
    package var sampleTypes: [String]
    /// Samples starting in [start, end), seconds since 1970; nil bounds are open. Clinical records are selected by
    /// their received date and unrecognized records by their start date (those without one only when both bounds are
    /// nil).
    package var start: Double?
    package var end: Double?
    package var activitySummaries = false
    /// Activity summaries of the days in [firstDay, endDay), `yyyy-MM-dd`; nil bounds are open.
    package var firstDay: String?
    package var endDay: String?
    package var clinicalRecords = false
    package var unrecognizedRecords = false

    package init(sampleTypes: [String], start: Double? = nil, end: Double? = nil) {
        self.sampleTypes = sampleTypes
        self.start = start
        self.end = end
    }
}

/// A stored sample with everything that belongs to it.
package struct ExportRecord: Sendable {
    package var sample: SampleRow
    /// A correlation's samples or a workout's routes, each with its own children, by start date.
    package var members: [ExportRecord] = []
    /// A heart rate variability sample's beats, in order.
    package var heartbeats: [HeartbeatRow] = []
    /// An audiogram's points, in order.
    package var audiogramPoints: [AudiogramPointRow] = []
    /// A workout's statistics (its own and its activities'), in the order they were stored.
    package var workoutStatistics: [WorkoutStatisticsRow] = []
    /// A workout's activities, in the order they were stored.
    package var workoutActivities: [WorkoutActivityRow] = []
    /// A route's locations, by time.
    package var locations: [RouteLocationRow] = []

    package init(sample: SampleRow) {
        self.sample = sample
    }
}

/// Receives what an export reads (see ``ExportStorage/export(_:to:)``).
package protocol ExportVisitor: AnyObject {
    func record(_ record: ExportRecord) throws
    func activitySummary(_ summary: ActivitySummaryRow) throws
    func clinicalRecord(_ record: ClinicalRecordRow) throws
    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws
}
