import HTTPTypes
import Hummingbird
import Logging
import OpenHealthKitModel

/// Turns every failure into healthd's JSON error, unknown routes included (404, or 405 with `Allow` for a known path
/// called with another method), and logs the outcome of each call without its headers or body (they carry
/// credentials and health data). An unknown address outside the API is a page of the web app (`pages`), for people.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes' methods, filled in once every route is added.
    let allowed: Locked<AllowedMethods>
    /// The web app's page for an unrouted request (404 or 405), nil for the API's paths.
    let pages: @Sendable (Request, HTTPResponse.Status) async -> Response?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            let response = try await next(request, context)
            context.logger.debug("\(request.method) \(request.uri.path) \(response.status.code)")
            return response
        } catch {
            var failure = APIError(from: error)
            var allow: [HTTPRequest.Method] = []
            if let error = error as? HTTPError, error.status == .notFound || error.status == .methodNotAllowed {
                allow = allowed.withLock { $0.methods(for: request.uri.path) }
                let status: HTTPResponse.Status = allow.isEmpty ? .notFound : .methodNotAllowed
                failure = APIError(
                    status, .invalidArgument("healthd has no route \(request.method) \(request.uri.path)"))
                if var page = await pages(request, status) {
                    context.logger.debug("\(request.method) \(request.uri.path) \(status.code)")
                    if !allow.isEmpty { page.headers[.allow] = allow.map(\.rawValue).joined(separator: ", ") }
                    return page
                }
            }
            if failure.status == .internalServerError {
                context.logger.error(
                    "\(request.method) \(request.uri.path) failed: \(String(reflecting: type(of: error)))")
            } else {
                context.logger.debug("\(request.method) \(request.uri.path) \(failure.status.code)")
            }
            var response = failure.response
            if !allow.isEmpty { response.headers[.allow] = allow.map(\.rawValue).joined(separator: ", ") }
            return response
        }
    }
}
