import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of the sessions healthd posts with (webhooks, apps' wake-ups): a redirect is not followed, so a
/// receiver cannot send a post, with its health data and signature, to a host the owner did not allow, or from https
/// to http. The 3xx answer itself is what the post got: a failed attempt.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// An ephemeral session (no cookies, no cache) whose posts give up after `timeout` seconds and follow no
    /// redirect.
    static func session(timeout: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
