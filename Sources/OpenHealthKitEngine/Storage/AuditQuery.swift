package import Foundation

/// A read of the audit log: the entries of one app (or all), from a time on, oldest first, after an entry id.
package struct AuditQuery: Sendable {
    package var app: String?
    package var since: Date?
    package var afterID: Int64?
    package var limit: Int

    package init(app: String? = nil, since: Date? = nil, afterID: Int64? = nil, limit: Int = 1000) {
        self.app = app
        self.since = since
        self.afterID = afterID
        self.limit = limit
    }
}
