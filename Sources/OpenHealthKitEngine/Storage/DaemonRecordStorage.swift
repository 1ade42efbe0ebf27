package import Foundation

/// What healthd keeps beside the health data: registered apps, permission requests waiting for the owner, the
/// audit log and the imports started from its web app. The engine never reads them: healthd's own logic (its app
/// registry, pending requests, auditor and web app) does.
///
/// A storage keeps them in the same database as the health data, so that the records live and die with the data.
package protocol DaemonRecordStorage: AnyObject, Sendable {
    /// Every registered app, revoked ones included, in no particular order.
    func registeredApps() throws -> [RegisteredApp]
    /// Inserts the app, or replaces the record with the same bundle identifier.
    func saveRegisteredApp(_ app: RegisteredApp) throws

    /// Permission requests waiting for the owner, oldest first.
    func pendingAuthorizations() throws -> [PendingAuthorizationRecord]
    /// Stores the request, replacing a stored one with the same id.
    func savePendingAuthorization(_ request: PendingAuthorizationRecord) throws
    /// Forgets requests (answered, or their app revoked); ids that are not stored are ignored.
    func removePendingAuthorizations(_ ids: [UUID]) throws

    /// Appends an entry, giving it the next id; entries are never changed or removed.
    func appendAuditEntry(_ entry: AuditEntry) throws
    /// The entries `query` selects, oldest first (by id), up to its limit.
    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry]

    /// Every import job kept, in the order they started (by `startedAt`, then id).
    func importJobs() throws -> [ImportJobRecord]
    /// Stores the job, replacing a stored one with the same id.
    func saveImportJob(_ job: ImportJobRecord) throws
    /// Forgets jobs; ids that are not stored are ignored.
    func removeImportJobs(_ ids: [String]) throws
}
