package import Foundation

/// The bulk points of samples, read apart from the samples (``SampleDetail`` carries only their summary on read):
/// the quantities of a quantity series, the beats of a heartbeat series, the voltages of an electrocardiogram.
///
/// The engine asks only for samples it has read (and so may show to the reader): these reads do not narrow by source.
package protocol SampleDetailStorage: AnyObject, Sendable {
    /// Calls `body` with each quantity of the series sample with this UUID, by start date; nothing when the sample does
    /// not exist or is not a series. `body` must not call the storage: the read is still open.
    func forEachQuantitySeriesValue(ofSample uuid: UUID, _ body: (QuantitySeriesValueRow) throws -> Void) throws

    /// The beats of the heartbeat series with this UUID, in the order written; empty when there is no such sample.
    func heartbeatSeriesBeats(of uuid: UUID) throws -> [HeartbeatSeriesBeatRow]

    /// The leads of the electrocardiogram with this UUID, by lead, each with its voltages in order; empty when there is
    /// no such sample.
    func electrocardiogramLeads(of uuid: UUID) throws -> [ElectrocardiogramLeadRow]
}
