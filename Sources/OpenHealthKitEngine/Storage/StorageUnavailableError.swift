/// The database could not be reached or is not accepting work right now (a server that is down, restarting or
/// unreachable), so the call did not complete and may succeed later. (A write whose connection broke while it
/// committed may still have been committed: it was not acknowledged, and the caller cannot know.) A storage whose database lives elsewhere
/// (PostgreSQL) throws it instead of its driver's error, so that callers answer "try again" rather than "failed":
/// the engine turns it into `errorDatabaseInaccessible`, healthd into 503 with `Retry-After`.
package struct StorageUnavailableError: Error, CustomStringConvertible {
    /// Why, for the log (never shown to apps).
    package let reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { "the database is unavailable: \(reason)" }
}
