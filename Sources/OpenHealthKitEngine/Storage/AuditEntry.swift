package import Foundation

/// One call that read or wrote health data: who, what, how much, when, and how it ended.
package struct AuditEntry: Sendable, Equatable {
    /// Assigned by the storage, increasing: the order calls were recorded in.
    package var id: Int64?
    package var time: Date
    /// The app's bundle identifier, or ``AuditEntry/owner`` for the owner's own tools.
    package var app: String
    /// The route's operation, e.g. `save`, `query.samples`, `changes.stream`.
    package var operation: String
    /// The raw identifiers of the types involved.
    package var types: [String]
    /// How many samples (and deleted objects) were written, deleted or returned.
    package var sampleCount: Int
    /// nil when the call succeeded, else the `HKError` code it failed with.
    package var errorCode: Int?
    /// The app the call acted on, by bundle identifier, when it is not the caller: the app whose access the owner
    /// turned on or off, whose request the owner answered, whose credential the owner revoked.
    package var subject: String?

    package init(
        id: Int64? = nil, time: Date, app: String, operation: String, types: [String], sampleCount: Int,
        errorCode: Int?,
        subject: String? = nil
    ) {
        self.id = id
        self.time = time
        self.app = app
        self.operation = operation
        self.types = types
        self.sampleCount = sampleCount
        self.errorCode = errorCode
        self.subject = subject
    }

    /// The name the owner's calls are recorded under.
    package static let owner = "owner"
}
