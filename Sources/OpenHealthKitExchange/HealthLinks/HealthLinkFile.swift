package import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// The file a SMART Health Link shares (docs/FHIR.md, "SMART Health Links"): a FHIR R4 Bundle of the chosen types
/// since a date, as `hk export --format fhir` writes it, compressed and encrypted as a compact JWE (``CompactJWE``)
/// with the link's key. The Bundle is written to a work file of the caller's, compressed from there a chunk at a time,
/// and removed: a link holds at most ``maximumCompressedSize`` bytes once compressed, which bounds the memory it
/// takes and what every manifest request reads.
package enum HealthLinkFile {
    /// 32 MiB compressed: FHIR JSON compresses about 17 times, so some 500 MB of FHIR (half a million Observations,
    /// a year of a watch's heart rate).
    package static let maximumCompressedSize = 32 << 20
    package static let contentType = "application/fhir+json"

    /// The types among `identifiers` a Bundle can hold (a workout's route comes with its workout).
    package static func shareable(_ identifiers: [String]) -> [String] {
        identifiers.filter { ExportTypeKind($0).order != nil }
    }

    /// Exports the owner's samples of `typeIdentifiers` starting at `since` or later, with dates in `timeZone`, and
    /// encrypts them with `key`. Blocking: run it off Swift concurrency's threads.
    ///
    /// - Throws: `HKError` `errorInvalidArgument` when nothing is stored to share or the file would be too large; the
    ///   export's errors otherwise. `workFile` (which must not exist) is gone afterwards either way.
    package static func make(
        engine: HealthEngine, typeIdentifiers: [String], since: Date?, timeZone: TimeZone, key: [UInt8], workFile: URL
    ) throws -> (jwe: String, records: Int) {
        defer { try? FileManager.default.removeItem(at: workFile) }
        let summary = try HealthExporter(engine: engine).export(
            ExportRequest(
                format: .fhir, destination: workFile, typeIdentifiers: typeIdentifiers, start: since,
                timeZone: timeZone))
        let records = summary.records.values.reduce(0, +) + summary.clinicalRecords
        guard records > 0 else {
            throw HKError(.errorInvalidArgument, "nothing of what you chose is stored in that period")
        }
        guard
            let jwe = try CompactJWE.encrypt(
                deflating: workFile, key: key, contentType: contentType, limit: maximumCompressedSize)
        else {
            throw HKError(
                .errorInvalidArgument,
                "what you chose (\(records) records) is more than a link holds (\(maximumCompressedSize >> 20) MB compressed): choose fewer categories or a shorter period"
            )
        }
        return (jwe, records)
    }
}
