package import Foundation

/// A permission request waiting for the owner, as healthd keeps it so that it outlives a restart: the app and the
/// types it asked about whose decision was not made yet.
package struct PendingAuthorizationRecord: Sendable, Equatable {
    package var id: UUID
    package var app: String
    package var toShare: [String]
    package var toRead: [String]
    package var createdAt: Date

    package init(id: UUID, app: String, toShare: [String], toRead: [String], createdAt: Date) {
        self.id = id
        self.app = app
        self.toShare = toShare
        self.toRead = toRead
        self.createdAt = createdAt
    }
}
