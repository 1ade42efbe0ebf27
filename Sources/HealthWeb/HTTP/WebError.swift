import HTTPTypes
import OpenHealthKitModel

/// A request the web app refuses, with the status and the sentence the error page shows.
struct WebError: Error {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    static func notFound(_ message: String) -> WebError { WebError(.notFound, message) }
    static func badRequest(_ message: String) -> WebError { WebError(.badRequest, message) }
}

extension HKError {
    /// A failure of the store as an `HKError` (the engine throws nothing else; anything else is unexpected).
    static func from(_ error: any Error) -> HKError {
        error as? HKError ?? HKError(.unknownError, "Health could not complete this.")
    }
}
