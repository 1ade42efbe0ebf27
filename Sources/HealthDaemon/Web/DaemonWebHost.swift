import Foundation
import HealthWeb
import Hummingbird
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel

/// healthd as the host of the Health web app: its store, apps, audit log, owner secret and waiting permission
/// requests.
struct DaemonWebHost: HealthWebHost {
    let daemon: HealthDaemon

    var store: any HealthWebStore { OwnerWebStore(engine: daemon.engine) }

    func registeredApps() -> [RegisteredApp] {
        daemon.registry.apps()
    }

    func registeredApp(_ bundleIdentifier: String) -> RegisteredApp? {
        daemon.registry.app(bundleIdentifier)
    }

    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        try daemon.records.auditEntries(query)
    }

    var hostNames: Set<String> {
        ["127.0.0.1", "localhost", "::1", daemon.configuration.host.lowercased()]
    }

    func isOwnerSecret(_ candidate: String) -> Bool {
        daemon.authenticator.ownerSecret.matches(candidate)
    }

    func pendingPermissionRequests() -> [PermissionRequest] {
        daemon.pending.pending().map { PermissionRequest(id: $0.id, request: $0.request, createdAt: $0.createdAt) }
    }

    func answerPermissionRequest(_ id: UUID, with answer: AuthorizationAnswer) -> Bool {
        guard let answered = daemon.pending.resolve(id, with: answer) else { return false }
        daemon.logger.info("answered a permission request of \(answered.request.app.bundleIdentifier)")
        return true
    }

    func revokeApp(_ bundleIdentifier: String) async throws -> RegisteredApp? {
        try await daemon.revokeApp(bundleIdentifier)
    }

    func audit(_ operation: String, types: [String], count: Int, errorCode: Int?, subject: String?) async {
        await daemon.auditor.record(
            AuditEntry.owner, operation, types: types, count: count, errorCode: errorCode, subject: subject)
    }

    func importJobs() throws -> [ImportJobRecord] {
        try daemon.records.importJobs()
    }

    func saveImportJob(_ job: ImportJobRecord) throws {
        try daemon.records.saveImportJob(job)
    }

    func removeImportJobs(_ ids: [String]) throws {
        try daemon.records.removeImportJobs(ids)
    }
}

extension HealthDaemon {
    /// The Health web app, served at healthd's address.
    func webApp() -> HealthWebApp {
        HealthWebApp(host: DaemonWebHost(daemon: self))
    }

    /// Revokes an app: its credential fails from the next call on, its change streams close, its pending
    /// permission requests are dropped. Its data and grants stay (registering it again restores access).
    func revokeApp(_ bundleIdentifier: String) async throws -> RegisteredApp? {
        guard let revoked = try await offload({ [registry] in try registry.revoke(bundleIdentifier) }) else {
            return nil
        }
        streams.close(app: bundleIdentifier)
        pending.cancel(app: bundleIdentifier)
        logger.info("revoked \(bundleIdentifier)")
        return revoked
    }
}
