package import Foundation
package import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Health: the owner's web app, served by healthd at its address. Server-rendered pages (Mustache templates compiled
/// into the binary), a little vanilla JavaScript and CSS, nothing loaded from elsewhere. See docs/WEB.md.
///
/// ```swift
/// HealthWebApp(users: daemonUsers).addRoutes(to: router)
/// ```
package final class HealthWebApp: Sendable {
    /// Who may sign in, and each user's host: a page reaches only the host of its session's user.
    let users: any HealthWebUsers
    let sessions: any WebSessions
    let renderer: PageRenderer
    /// Each user's imports, kept in their store (one at a time per user), made on the user's first page.
    private let importJobs = Locked<[Int64: ImportJobs]>([:])
    /// Each user's exports (in memory), made on the user's first page.
    private let exportJobs = Locked<[Int64: ExportJobs<WebExportFormat>]>([:])
    /// The largest form body accepted (an upload of an export has its own limit).
    let maximumFormSize = 1 << 20

    /// The web app of `users`, its sessions in `sessions` (nil: in memory, ending after `sessionLifetime` without use).
    package init(
        users: any HealthWebUsers, sessionLifetime: TimeInterval = 12 * 3600, sessions: (any WebSessions)? = nil
    ) {
        self.users = users
        self.sessions = sessions ?? SessionStore(idleLifetime: sessionLifetime)
        renderer = PageRenderer()
    }

    /// Recovers what the previous run of healthd left of a user's imports (`host` being theirs), unless done:
    /// healthd calls it for the users it opens at start; anyone else's are recovered on their first page.
    package func openImports(ofUser id: Int64, host: any HealthWebHost) {
        _ = imports(ofUser: id, host: host)
    }

    /// The imports of a user, made (and recovered) on first use.
    func imports(ofUser id: Int64, host: any HealthWebHost) -> ImportJobs {
        let (jobs, isNew) = importJobs.withLock { jobs in
            if let known = jobs[id] { return (known, false) }
            let made = ImportJobs(records: host)
            jobs[id] = made
            return (made, true)
        }
        if isNew { recoverImports(jobs, host: host) }
        return jobs
    }

    /// The exports of a user, made on first use.
    func exports(ofUser id: Int64, host: any HealthWebHost) -> ExportJobs<WebExportFormat> {
        exportJobs.withLock { jobs in
            if let known = jobs[id] { return known }
            let made = ExportJobs<WebExportFormat>(directory: host.exportDirectory)
            jobs[id] = made
            return made
        }
    }

    /// Adds every page of ``modules``.
    package func addRoutes(to router: Router<BasicRequestContext>) {
        for module in Self.modules { module.addRoutes(self, router) }
    }
}
