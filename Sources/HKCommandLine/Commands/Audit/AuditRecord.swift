import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// One entry of healthd's audit log as `hk audit` prints it.
struct AuditRecord: OutputRecord {
    let id: Int64
    let time: String
    /// The app's bundle identifier, or `owner`.
    let app: String
    /// What was done: `save`, `query.samples`, `authorization.request`, `grants.set`...
    let operation: String
    /// The types involved, by short name.
    let types: [String]
    /// How many samples the call returned, saved or deleted.
    let sampleCount: Int
    /// `success` or `failure`.
    let outcome: String
    /// A failure's `HKError.Code` case name, `errorAuthorizationDenied`.
    let error: String?
    /// The app the owner acted on (`grants.share.off`: whose access was turned off), by bundle identifier.
    let subject: String?

    static let columns = ["id", "time", "app", "operation", "types", "sampleCount", "outcome", "error", "subject"]

    init(_ entry: WireAuditEntry, timeZone: TimeZone) {
        id = entry.id
        time = entry.time.date.formattedForOutput(in: timeZone)
        app = entry.app
        operation = entry.operation
        types = entry.types.map(HKObjectType.shortName(forRawIdentifier:))
        sampleCount = entry.sampleCount
        outcome = entry.outcome
        error = entry.errorCode.map { code in HKError.Code(rawValue: code).map { "\($0)" } ?? String(code) }
        subject = entry.subject
    }

    var cells: [String] {
        [
            String(id), time, app, operation, types.joined(separator: " "), String(sampleCount), outcome, error ?? "",
            subject ?? "",
        ]
    }
}
