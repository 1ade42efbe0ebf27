import Foundation
import HealthWeb
import Hummingbird
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel

/// healthd as the host of the Health web app for one user: their store, apps, audit log and waiting permission
/// requests.
struct DaemonWebHost: HealthWebHost {
    let daemon: HealthDaemon
    let user: UserState

    var store: any HealthWebStore { OwnerWebStore(engine: user.engine) }

    func registeredApps() -> [RegisteredApp] {
        user.registry.apps()
    }

    func registeredApp(_ bundleIdentifier: String) -> RegisteredApp? {
        user.registry.app(bundleIdentifier)
    }

    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        try user.records.auditEntries(query)
    }

    var hostNames: Set<String> {
        ["127.0.0.1", "localhost", "::1", daemon.configuration.host.lowercased()]
    }

    func isOwnerSecret(_ candidate: String) -> Bool {
        daemon.authenticator.ownerSecret.matches(candidate)
    }

    func pendingPermissionRequests() -> [PermissionRequest] {
        user.pending.pending().map { PermissionRequest(id: $0.id, request: $0.request, createdAt: $0.createdAt) }
    }

    func answerPermissionRequest(_ id: UUID, with answer: AuthorizationAnswer) -> Bool {
        guard let answered = user.pending.resolve(id, with: answer) else { return false }
        daemon.logger.info("answered a permission request of \(answered.request.app.bundleIdentifier)")
        return true
    }

    func revokeApp(_ bundleIdentifier: String) async throws -> RegisteredApp? {
        try await user.revokeApp(bundleIdentifier)
    }

    func audit(_ operation: String, types: [String], count: Int, errorCode: Int?, subject: String?) async {
        await user.auditor.record(
            AuditEntry.owner, operation, types: types, count: count, errorCode: errorCode, subject: subject)
    }

    func importJobs() throws -> [ImportJobRecord] {
        try user.records.importJobs()
    }

    func saveImportJob(_ job: ImportJobRecord) throws {
        try user.records.saveImportJob(job)
    }

    func removeImportJobs(_ ids: [String]) throws {
        try user.records.removeImportJobs(ids)
    }
}

extension HealthDaemon {
    /// The Health web app, served at healthd's address.
    func webApp() -> HealthWebApp {
        HealthWebApp(host: DaemonWebHost(daemon: self, user: users.owner))
    }
}
