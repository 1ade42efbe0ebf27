import Foundation
package import HTTPTypes
package import Hummingbird

/// An error as a page in Health's style, for people: what happened and what to do, with the menu when the owner is
/// signed in, else a way to sign in that comes back here. Browser routes answer these (an unknown address is a
/// 404 page); healthd's API under `/v1` keeps its JSON errors.
struct ErrorPage: Sendable {
    let chrome: Chrome?
    let status: String
    let title: String
    let message: String
    let signInHref: String
    /// Where the page's links go when no chrome is shown.
    let links = PageLinks.shared

    /// A heading for people, by status.
    static func title(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "Something Is Not Right"
        case 401: "Sign In Again"
        case 403: "Not Allowed"
        case 404: "Page Not Found"
        case 405: "Not Here"
        case 409: "Busy"
        case 413: "Too Large"
        case 421: "Wrong Address"
        case 500...: "Something Went Wrong"
        default: status.reasonPhrase
        }
    }
}

extension HealthWebApp {
    /// The error page of `status` for this request, signed in or not.
    func errorPage(_ request: Request, status: HTTPResponse.Status, message: String) async -> Response {
        let signIn = WebRoutes.signIn(next: request.method == .get ? request.uri.path : WebRoutes.summary.path())
        // The user's host only if it answers: the error may be that it does not (it is asked again, not for data).
        let signedIn = try? await signedIn(request)
        let session = signedIn?.session ?? (try? currentSession(request)) ?? nil
        let model = ErrorPage(
            chrome: session.map {
                chrome(session: $0, host: signedIn?.host, title: ErrorPage.title(for: status), section: nil)
            },
            status: String(status.code), title: ErrorPage.title(for: status), message: message, signInHref: signIn)
        return await renderer.html(session == nil ? "error-public" : "error", model, status: status)
    }

    /// The page for an address no route answers (404), or a known one asked with another method (405); nil for
    /// healthd's API (`/v1/...`, `/openapi.yaml`), whose errors stay JSON.
    package func unroutedPage(_ request: Request, status: HTTPResponse.Status) async -> Response? {
        let path = request.uri.path
        guard !Self.isAPIPath(path) else { return nil }
        let message =
            status == .methodNotAllowed
            ? "This address does not take that kind of request. Go back and use the page's buttons."
            : "Health has no page at \(path). Check the address, or go to the Summary."
        return await errorPage(request, status: status, message: message)
    }

    /// healthd's API, whose answers are JSON for programs, not pages.
    static func isAPIPath(_ path: String) -> Bool {
        path == "/v1" || path.hasPrefix("/v1/") || path == "/openapi.yaml"
    }
}
