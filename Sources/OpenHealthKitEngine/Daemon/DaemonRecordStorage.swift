package import Foundation
package import OpenHealthKitModel

/// What healthd keeps beside the health data: registered apps, background delivery requests, permission requests
/// waiting for the owner and the audit log.
/// The SQLite storage implements it on the same database, so the records live and die with the data.
package protocol DaemonRecordStorage: AnyObject, Sendable {
    func registeredApps() throws -> [RegisteredApp]
    /// Inserts the app, or replaces the record with the same bundle identifier.
    func saveRegisteredApp(_ app: RegisteredApp) throws

    func backgroundDeliveries(app bundleIdentifier: String) throws -> [BackgroundDelivery]
    /// Remembers a frequency for the app and type; nil forgets the type; a nil type forgets every type of the app.
    func setBackgroundDelivery(app bundleIdentifier: String, type typeIdentifier: String?, frequency: HKUpdateFrequency?) throws

    /// Permission requests waiting for the owner, oldest first.
    func pendingAuthorizations() throws -> [PendingAuthorizationRecord]
    func savePendingAuthorization(_ request: PendingAuthorizationRecord) throws
    /// Forgets requests (answered, or their app revoked).
    func removePendingAuthorizations(_ ids: [UUID]) throws

    /// Appends an entry; entries are never changed or removed.
    func appendAuditEntry(_ entry: AuditEntry) throws
    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry]
}
