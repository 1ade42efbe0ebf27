/// Everything a database must implement to hold a store: what ``HealthEngine`` requires of its storage, and healthd of
/// the same database. This folder (`Engine/Storage`) is the whole seam; a storage implements each part:
///
/// - ``Storage``: sample rows in and out (inserts under the sync rule, deletions with tombstones, reads narrowed by
///   ``RowQuery``, the lean statistics read), the anchor, the engine's key-value settings, and the watch of other
///   processes' commits (``OtherCommits``). Rows: ``SampleRow`` and its parts, ``DeletedRow``, ``ValueRow``.
/// - ``SampleDetailStorage``: the bulk points of samples, read apart from them (a quantity series' values, a heartbeat
///   series' beats, an electrocardiogram's voltages); ``SampleDetail`` carries them into ``Storage/insert(_:)``.
/// - ``ExchangeStorage``: a Health export import, one ``ImportBatch`` per transaction (samples skipped, not refused,
///   when stored already), with the records HealthKit objects do not cover (heartbeats, route locations, workout
///   statistics and activities, activity summaries, unrecognized records).
/// - ``ExportStorage``: the export's snapshot read of every record, each with its children (``ExportRecord``,
///   ``ExportVisitor``).
/// - ``WorkoutStorage``: what workouts keep beyond their rows: samples associated with a workout, route locations
///   read a page at a time, effort samples related to workouts (``EffortRelationRow``). Workouts' activities and
///   statistics travel in ``WorkoutRow``, routes' locations in ``SampleDetail``.
/// - ``ActivitySummaryStorage``: the imported activity summaries read back by day (``ActivitySummaryRow``).
/// - ``BackgroundDeliveryStorage``: apps' background delivery requests (``BackgroundDelivery``).
/// - ``DaemonRecordStorage``: healthd's records beside the data, which the engine never reads: registered apps,
///   pending permission requests and the audit log (``RegisteredApp``, ``PendingAuthorizationRecord``,
///   ``AuditEntry``).
/// - ``MedicationStorage``: the medications the owner tracks (``UserAnnotatedMedicationRow``).
/// - ``AttachmentStorage``: files attached to samples (``AttachmentRow``), such as prescription scans.
///
/// Samples of some kinds carry a ``SampleDetail`` (series, electrocardiograms, audiograms, clinical records, documents,
/// states of mind, assessments, dose events, prescriptions): ``Storage/insert(_:)`` and
/// ``ExchangeStorage/importBatch(_:)`` store it with its row, ``Storage/fetch(_:)`` and ``Storage/forEach(_:_:)``
/// return it with every row of its kind (the series' summaries; their points through ``SampleDetailStorage``), and
/// deleting the row deletes it.
///
/// Each method states its contract; the SQLite storage (`OpenHealthKitSQLite`) is the reference implementation.
/// Failures a caller caused are ``StorageError``s; any other error means the database could not be used.
package protocol HealthStorage:
    Storage, SampleDetailStorage, ExchangeStorage, ExportStorage, WorkoutStorage, ActivitySummaryStorage,
    BackgroundDeliveryStorage, DaemonRecordStorage, MedicationStorage, AttachmentStorage
{}
