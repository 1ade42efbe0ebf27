import HTTPTypes
import Hummingbird
import Logging
import OpenHealthKitModel

/// Turns every failure into healthd's JSON error, unknown routes included (404, or 405 with `Allow` for a known path
/// called with another method), and logs the outcome of each call without its headers or body (they carry
/// credentials and health data).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes' methods, filled in once every route is added.
    let allowed: Locked<AllowedMethods>

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
