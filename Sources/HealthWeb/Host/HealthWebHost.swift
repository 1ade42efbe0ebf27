package import Foundation
package import OpenHealthKitEngine
import OpenHealthKitModel

/// What the Health web app needs from the daemon that serves it, for one user: the health data (in the owner's
/// name), the registered apps, ingest keys and webhooks, the audit log and the permission requests waiting for the
/// owner. The pages reach healthd's engine and records only through these, and only through the host of the session's
/// user (``HealthWebUsers``).
package protocol HealthWebHost: ImportJobRecords {
    /// The health data, read and changed in the owner's name.
    var store: any HealthWebStore { get }
    /// Every registered app, revoked ones included.
    func registeredApps() -> [RegisteredApp]
    /// The registered app with this bundle identifier, or nil: as the store has it now, even when another healthd
    /// registered or revoked it a moment ago.
    func registeredApp(_ bundleIdentifier: String) async throws -> RegisteredApp?
    /// The audit log's entries matching `query`, oldest first. Blocking: pages call it inside `blocking(_:)`.
    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry]
    /// The permission requests waiting for the owner, oldest first.
    func pendingPermissionRequests() -> [PermissionRequest]
    /// Answers a waiting request: the app's `requestAuthorization` completes. False when no request has this id.
    func answerPermissionRequest(_ id: UUID, with answer: AuthorizationAnswer) -> Bool
    /// Revokes an app's credential: its calls fail from now on, its change streams close, its waiting requests end.
    /// Nil when no app has this bundle identifier.
    func revokeApp(_ bundleIdentifier: String) async throws -> RegisteredApp?
    /// The store's ingest keys, by name. Blocking: pages call it inside `blocking(_:)`.
    func ingestKeys() throws -> [IngestKeySummary]
    /// Revokes the ingest key named `name`: pushes with it are refused from then on (what it stored stays). False
    /// when no key has this name. Blocking: pages call it inside `blocking(_:)`.
    func revokeIngestKey(named name: String) throws -> Bool
    /// The store's webhooks with their delivery logs, oldest first. Blocking: pages call it inside `blocking(_:)`.
    func webhooks() throws -> [WebhookSummary]
    /// Subscribes `url` to the changes of `types` (short names or identifiers) with a new secret, and has healthd
    /// deliver to it. A URL it may not post to (not http or https; outside this machine without `allowsExternal`, or
    /// in clear text), no or unknown types, or a store's webhook too many is `errorInvalidArgument`. Blocking.
    func addWebhook(url: String, types: [String], allowsExternal: Bool) throws -> NewWebhook
    /// Ends the webhook with this id, its pending message and log with it. False when no webhook has this id.
    /// Blocking.
    func removeWebhook(id: String) throws -> Bool
    /// The outside apps registered to read through the FHIR API (SMART on FHIR), by name.
    func fhirApps() async throws -> [FHIRAppSummary]
    /// Registers an app (its name and redirect URI; `HKError` `.errorInvalidArgument` naming what is wrong); a
    /// confidential one's secret comes back, that once.
    func registerFHIRApp(name: String, redirectURI: String, confidential: Bool) async throws
        -> (app: FHIRAppSummary, secret: String?)
    /// Removes an app: every token it holds stops working at once. False when there is none.
    func removeFHIRApp(id: String) async throws -> Bool
    /// The FHIR API's base URL as a browser that reached Health at `authority` (its host and port) reaches it.
    func fhirBase(authority: String) -> String
    /// Checks a SMART authorization request (the authorization endpoint's query) for the consent sheet; `authority`
    /// is the host and port the browser reached Health at (the request's `aud` must name this server's FHIR base).
    func smartConsent(_ parameters: [String: String], authority: String) async throws -> SMARTConsent
    /// The owner's answer to a request (`allowing` the scopes they turned on; nil: Don't Allow): where the browser
    /// goes, with a code or an error. A request that is no longer acceptable is `.refused` or `.answered` again.
    func answerSMART(_ parameters: [String: String], authority: String, allowing: [String]?) async throws
        -> SMARTConsent
    /// The SMART Health Links made for clinicians, newest first (expired and disabled ones too, until removed).
    func healthLinks() async throws -> [HealthLinkSummary]
    /// Makes a SMART Health Link as `request` asks, its manifest at the host and port the browser reached Health at
    /// (`authority`); its `shlink:/` text comes back, that once. What is wrong with the request is `HKError`
    /// `.errorInvalidArgument`, said for people.
    func makeHealthLink(_ request: HealthLinkRequest, authority: String) async throws
        -> (link: HealthLinkSummary, shlink: String)
    /// Ends a link at once. False when there is none.
    func removeHealthLink(id: String) async throws -> Bool
    /// Whether the user can share with other people of the server (a database of many people); false for the one
    /// owner of a SQLite store.
    var sharesWithPeople: Bool { get }
    /// The shares the user gives (by the recipient's name) and receives (by the sharer's name); none when
    /// ``sharesWithPeople`` is false.
    func personShares() async throws -> (given: [PersonShareSummary], received: [PersonShareSummary])
    /// Shares Health's categories `categories` (ids) with the person named `name`, read only, or changes what an
    /// existing share with them holds. An unknown name, oneself, no category, or a store of one person is `HKError`
    /// `.errorInvalidArgument`, said for people.
    func share(withPersonNamed name: String, categories: [String]) async throws -> PersonShareSummary
    /// Ends the share with the person named `name` at once, on every healthd. False when there is none.
    func stopSharing(withPersonNamed name: String) async throws -> Bool
    /// Stops receiving the share of the person named `name`. False when there is none.
    func leaveShare(ofPersonNamed name: String) async throws -> Bool
    /// What the person named `name` shares with the user, read now; nil when they share nothing with them, whether
    /// or not anyone has that name.
    func sharedData(ofPersonNamed name: String) async throws -> SharedPersonData?
    /// Appends an entry to the audit log under the owner's name; `subject` is the app the owner acted on.
    func audit(_ operation: String, types: [String], count: Int, errorCode: Int?, subject: String?) async

    /// Why Apple Health exports cannot be imported here, or nil when they can.
    var importUnavailableReason: String? { get }
    /// The largest export the Import page accepts, in bytes.
    var maximumUploadSize: Int64 { get }
    /// A folder of the host's own, on a disk (not in memory), where an uploaded export waits while it is imported.
    var uploadDirectory: URL { get }
    /// Imports an Apple Health export (a zip, or its export.xml) into the store as the owner, off Swift
    /// concurrency's threads; `progress` is called from the import's thread as it goes.
    func importHealthExport(at file: URL, progress: @escaping @Sendable (ImportProgressReport) -> Void) async throws
        -> ImportReport

    /// A folder of the host's own, on a disk, where an export waits to be downloaded (this user's alone).
    var exportDirectory: URL { get }
    /// Writes every record of the store in `format` to `destination` (a file that must not exist, in a folder that
    /// does), as the owner, with dates in the owner's time zone, off Swift concurrency's threads; `progress` hears how
    /// many records are written. Returns how many were.
    func exportHealthData(
        _ format: WebExportFormat, to destination: URL, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> Int
}

/// Where the Import page keeps its jobs (healthd: in its store, beside the audit log). Blocking calls.
package protocol ImportJobRecords: Sendable {
    /// The imports kept (see ``ImportJobRecord``), in the order they started.
    func importJobs() throws -> [ImportJobRecord]
    /// Stores an import's record, replacing the one with its id.
    func saveImportJob(_ job: ImportJobRecord) throws
    /// Forgets imports.
    func removeImportJobs(_ ids: [String]) throws
}

extension HealthWebHost {
    /// An audit entry about no other app.
    func audit(_ operation: String, types: [String], count: Int, errorCode: Int?) async {
        await audit(operation, types: types, count: count, errorCode: errorCode, subject: nil)
    }
}

/// A permission request as the sheet shows it.
package struct PermissionRequest: Sendable {
    package let id: UUID
    package let request: AuthorizationRequest
    package let createdAt: Date

    package init(id: UUID, request: AuthorizationRequest, createdAt: Date) {
        self.id = id
        self.request = request
        self.createdAt = createdAt
    }
}
