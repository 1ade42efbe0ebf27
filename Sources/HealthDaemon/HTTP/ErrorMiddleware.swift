import Hummingbird
import Logging
import OpenHealthKitModel

/// Turns every failure into healthd's JSON error, unknown routes included, and logs the outcome of each call
/// without its headers or body (they carry credentials and health data).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            context.logger.debug("\(request.method) \(request.uri.path) \(response.status.code)")
            return response
        } catch {
            var failure = APIError(from: error)
            if let error = error as? HTTPError, error.status == .notFound || error.status == .methodNotAllowed {
                failure = APIError(error.status, .invalidArgument("healthd has no route \(request.method) \(request.uri.path)"))
            }
            if failure.status == .internalServerError {
                context.logger.error("\(request.method) \(request.uri.path) failed: \(String(reflecting: type(of: error)))")
            } else {
                context.logger.debug("\(request.method) \(request.uri.path) \(failure.status.code)")
            }
            return failure.response
        }
    }
}
