package import Foundation

/// An import of a Health export started from the Health web app, as healthd keeps it so that it outlives a restart:
/// its page can say after a restart whether it finished, failed, or was interrupted (and with what committed).
package struct ImportJobRecord: Sendable, Equatable {
    /// A random id, the job page's address.
    package var id: String
    /// The name of the file the owner uploaded.
    package var fileName: String
    package var startedAt: Date
    /// When the record last changed.
    package var updatedAt: Date
    /// `uploading`, `importing`, `finished`, `failed` or `interrupted`: the web app's, which storages keep as is.
    package var state: String
    /// Everything else the web app keeps about the job (progress, summary, the upload kept for resuming), as JSON
    /// text that storages keep as is and never read.
    package var detail: String

    package init(id: String, fileName: String, startedAt: Date, updatedAt: Date, state: String, detail: String) {
        self.id = id
        self.fileName = fileName
        self.startedAt = startedAt
        self.updatedAt = updatedAt
        self.state = state
        self.detail = detail
    }
}
