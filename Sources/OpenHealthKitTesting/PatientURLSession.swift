public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// An ephemeral configuration whose requests wait up to ``SafetyTimeout/duration`` for an answer, for the tests'
    /// HTTP calls. On Linux a request's own `timeoutInterval` does not lift its session's `timeoutIntervalForRequest`
    /// (60 seconds for `URLSession.shared` and the default configurations): a loaded machine's slow answer then
    /// failed tests that waited for it with a budget they did not know they had.
    public static var patient: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = SafetyTimeout.duration / .seconds(1)
        return configuration
    }
}

extension URLSession {
    /// A session with the ``URLSessionConfiguration/patient`` configuration, for calls that need no delegate.
    public static let patient = URLSession(configuration: .patient)
}
