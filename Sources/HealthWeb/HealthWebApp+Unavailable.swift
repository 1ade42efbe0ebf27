package import Hummingbird
import HTTPTypes

extension HealthWebApp {
    /// The error page for a request made while the store's database cannot be used (healthd waits for it): 503,
    /// with `Retry-After` so the browser may try again after a second. Its menu asks nothing of the store (no
    /// pending-requests banner).
    package func unavailablePage(_ request: Request) async -> Response {
        let status = HTTPResponse.Status.serviceUnavailable
        let title = ErrorPage.title(for: status)
        // The sessions may live in the database that cannot be reached: then the page is the public one.
        let session = (try? currentSession(request)) ?? nil
        let model = ErrorPage(
            chrome: session.map { chrome(session: $0, host: nil, title: title, section: nil, pendingBanner: false) },
            status: String(status.code), title: title,
            message: "Health cannot reach its database right now. It keeps trying: reload this page in a moment.",
            signInHref: WebRoutes.signIn.path())
        var response = await renderer.html(session == nil ? "error-public" : "error", model, status: status)
        response.headers[.retryAfter] = "1"
        return response
    }
}
