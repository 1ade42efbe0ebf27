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

    /// The devices at least one stored sample names, sorted by name, then model.
    func storedDevices() throws -> [DeviceRow]

    /// Hands `visitor` every record the query selects, in one read snapshot: the samples of each of
    /// ``ExportQuery/sampleTypes``, in that order, each type by start date, each sample with its children and its
    /// members (a correlation's samples, a workout's routes) and its ``SampleDetail``, a CDA document with its XML;
    /// then the activity summaries by day and the unrecognized records, in the order they were stored. `visitor` must not call the storage: the read is
    /// still open.
    func export(_ query: ExportQuery, to visitor: any ExportVisitor) throws
}
