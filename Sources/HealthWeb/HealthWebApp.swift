package import Foundation
package import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Health: the owner's web app, served by healthd at its address. Server-rendered pages (Mustache templates compiled
/// into the binary), a little vanilla JavaScript and CSS, nothing loaded from elsewhere. See docs/WEB.md.
///
/// ```swift
/// HealthWebApp(host: daemonServices).addRoutes(to: router)
/// ```
package final class HealthWebApp: Sendable {
    let host: any HealthWebHost
    let sessions: SessionStore
    let renderer: PageRenderer
    /// The imports, kept in the store (one at a time).
    let imports: ImportJobs
    /// The largest form body accepted (an upload of an export has its own limit).
    let maximumFormSize = 1 << 20

    package init(host: any HealthWebHost, sessionLifetime: TimeInterval = 12 * 3600) {
        self.host = host
        sessions = SessionStore(idleLifetime: sessionLifetime)
        renderer = PageRenderer()
        imports = ImportJobs(records: host)
        recoverImports()
    }

    /// Adds every page of ``modules``.
    package func addRoutes(to router: Router<BasicRequestContext>) {
        for module in Self.modules { module.addRoutes(self, router) }
    }
}
