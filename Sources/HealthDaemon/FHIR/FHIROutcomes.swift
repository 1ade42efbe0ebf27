import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitExchange
import OpenHealthKitModel

/// The middleware of the FHIR API's routes: every failure, a refused credential included, is answered as FHIR
/// answers errors, an `OperationOutcome` (never healthd's own JSON error), with the failure's status.
struct FHIROutcomes<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as FHIRError {
            return FHIRResponses.response(
                error.operationOutcome, status: HTTPResponse.Status(code: error.status))
        } catch {
            let failure = APIError(from: error)
            return FHIRResponses.response(
                FHIRError.operationOutcome(
                    severity: "error", code: Self.issueType(failure.status), diagnostics: failure.error.message),
                status: failure.status, headers: failure.response.headers)
        }
    }

    /// FHIR's issue type for an HTTP status.
    private static func issueType(_ status: HTTPResponse.Status) -> String {
        switch status.code {
        case 401: "login"
        case 403: "forbidden"
        case 404: "not-found"
        case 413: "too-costly"
        case 500...: "exception"
        default: "invalid"
        }
    }
}

/// FHIR's JSON out of healthd.
enum FHIRResponses {
    /// `contentType` is FHIR's unless told (Bulk Data's manifest is plain JSON).
    static func response(
        _ json: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:],
        contentType: String = "application/fhir+json; charset=utf-8"
    ) -> Response {
        var fields = HTTPFields()
        // What the failure said beyond its body (`Retry-After` on a busy store...), but the content type.
        for field in headers where field.name != .contentType && field.name != .contentLength { fields.append(field) }
        fields[.contentType] = contentType
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }
}
