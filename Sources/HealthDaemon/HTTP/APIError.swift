import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitWire

/// A failed call as healthd answers it: an HTTP status and the `HKError` the JSON body carries.
struct APIError: Error {
    var status: HTTPResponse.Status
    var error: HKError

    init(_ status: HTTPResponse.Status, _ error: HKError) {
        self.status = status
        self.error = error
    }

    /// 401: no credential, or one that is forged, expired, revoked or replaced.
    static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, HKError(.errorAuthorizationDenied, message))
    }

    static func badRequest(_ message: String) -> APIError {
        APIError(.badRequest, HKError.invalidArgument(message))
    }

    /// What a call is told while the store's database cannot be used.
    static let unavailableMessage = "The health database is unavailable right now; try again shortly"

    /// How long a client should wait before calling again after a 503 (`Retry-After`, seconds).
    static let retryAfter = "1"

    /// Any failure, with the status its kind of error calls for. Bad input of any kind is a 4xx.
    init(from error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as HKError:
            self.init(Self.status(for: error.code), error)
        case let error as DecodingError:
            self = .badRequest("Malformed request body: " + Self.describe(error))
        case is NIOTooManyBytesError:
            self.init(.contentTooLarge, HKError(.errorDataSizeExceeded, "The request body is too large"))
        case let error as HTTPError:
            self.init(error.status, HKError.invalidArgument(error.body ?? error.status.reasonPhrase))
        case is StorageUnavailableError:
            // healthd's own records (apps, audit log, pending requests) when the database cannot be reached.
            self.init(.serviceUnavailable, HKError(.errorDatabaseInaccessible, Self.unavailableMessage))
        default:
            self.init(.internalServerError, HKError(.unknownError, "healthd could not complete the call"))
        }
    }

    private static func status(for code: HKError.Code) -> HTTPResponse.Status {
        switch code {
        case .errorInvalidArgument: return .badRequest
        case .errorAuthorizationDenied, .errorAuthorizationNotDetermined, .errorHealthDataRestricted,
            .errorRequiredAuthorizationDenied:
            return .forbidden
        case .errorNoData: return .notFound
        case .errorUserCanceled: return .conflict
        case .errorDataSizeExceeded: return .contentTooLarge
        case .errorDatabaseInaccessible, .errorHealthDataUnavailable: return .serviceUnavailable
        default: return .internalServerError
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
        }
        switch error {
        case .dataCorrupted(let context): return context.debugDescription + path(context)
        case .keyNotFound(let key, let context): return "missing field \(key.stringValue)" + path(context)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.debugDescription + path(context)
        @unknown default: return "invalid JSON"
        }
    }

    /// The JSON response: `{"error": {"code", "domain", "message"}}`; a 503 says when to call again
    /// (`Retry-After`).
    var response: Response {
        var response = JSONResponses.response(WireError(error), status: status)
        if status == .serviceUnavailable { response.headers[.retryAfter] = Self.retryAfter }
        return response
    }
}
