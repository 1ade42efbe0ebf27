package import Hummingbird

extension HealthWebApp {
    /// The page for a request made while the store's database cannot be used (healthd waits for it): 503, with
    /// `Retry-After`.
    package func unavailablePage() async -> Response {
        await renderer.unavailablePage()
    }
}

extension PageRenderer {
    /// The error page saying the store cannot be used right now; the browser may try again after a second.
    func unavailablePage(signedIn: Bool = false) async -> Response {
        var response = await errorPage(
            status: .serviceUnavailable,
            message: "Health cannot reach its database right now. It keeps trying: reload this page in a moment.",
            signedIn: signedIn)
        response.headers[.retryAfter] = "1"
        return response
    }
}
