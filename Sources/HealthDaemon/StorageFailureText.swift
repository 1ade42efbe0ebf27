/// A storage failure as healthd logs it: its description (a failed statement's shape, never its arguments: GRDB
/// keeps them out of its descriptions, PostgreSQL's errors come as their SQLSTATE and message), at most
/// ``maximumLength`` characters of it and its length, so that a failing statement built from a large predicate does
/// not write megabytes to the log at each call.
package enum StorageFailureText {
    /// The most characters of a failure's description logged.
    package static let maximumLength = 500

    package static func bounded(_ error: any Error) -> String {
        let text = String(describing: error)
        guard text.count > maximumLength else { return text }
        return text.prefix(maximumLength) + "… (\(text.count) characters)"
    }
}
