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

    func registeredApp(_ bundleIdentifier: String) async throws -> RegisteredApp? {
        try await user.refreshApp(bundleIdentifier)
    }

    func auditEntries(_ query: AuditQuery) throws -> [AuditEntry] {
        try user.records.auditEntries(query)
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

/// healthd's people as the web app sees them: who may sign in, and each signed-in user's host.
struct DaemonWebUsers: HealthWebUsers {
    let daemon: HealthDaemon

    var signsInByName: Bool { daemon.authenticator.signsInByName }

    var ownerSecretFileName: String { URL(fileURLWithPath: daemon.configuration.ownerSecretPath).lastPathComponent }

    var hostNames: Set<String> {
        ["127.0.0.1", "localhost", "::1", daemon.configuration.host.lowercased()]
    }

    func signIn(name: String?, secret: String) async throws -> Int64? {
        try await daemon.authenticator.owner(named: name, secret: secret)?.id
    }

    func host(ofUser id: Int64) async throws -> (any HealthWebHost)? {
        try await daemon.users.state(for: id).map { DaemonWebHost(daemon: daemon, user: $0) }
    }
}

extension HealthDaemon {
    /// The Health web app, served at healthd's address; the users open at start recover their imports now. Its
    /// sessions are in the database when healthd serves one (every healthd on it shares them), else in memory.
    func webApp() -> HealthWebApp {
        // Sessions in the database when several healthd may serve it; in memory for a SQLite store.
        let sessions = users.directory.map { SharedWebSessions(directory: $0, logger: logger) }
        let web = HealthWebApp(users: DaemonWebUsers(daemon: self), sessions: sessions)
        for user in users.opened { web.openImports(ofUser: user.id, host: DaemonWebHost(daemon: self, user: user)) }
        return web
    }
}
