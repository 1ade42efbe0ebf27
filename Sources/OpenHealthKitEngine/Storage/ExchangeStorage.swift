import Foundation

/// A storage that can take a Health export import (see ``ImportBatch``).
///
/// Unlike ``Storage/insert(_:)``, a sample whose UUID is already stored is skipped, not an error, so that importing
/// the same export twice, or a newer export holding an older one, adds only what is new.
package protocol ExchangeStorage: Storage {
    /// Stores the batch in one transaction:
    /// - a sample whose UUID is stored already is skipped; a correlation member already stored on its own (the
    ///   export lists blood-pressure values both inside their correlation and at top level) joins its correlation;
    /// - a sample with a sync identifier follows the sync rule of ``Storage/insert(_:)``;
    /// - children (heartbeats, locations, audiogram points, workout statistics and activities) are stored only with
    ///   a parent stored by this batch;
    /// - an activity summary replaces the stored one of its day unless that one comes from a later export;
    /// - unrecognized records are skipped when their UUID is stored already;
    /// - a sample's ``SampleDetail`` is stored with it (and not when the sample is skipped).
    func importBatch(_ batch: ImportBatch) throws -> ImportBatchResult
}
