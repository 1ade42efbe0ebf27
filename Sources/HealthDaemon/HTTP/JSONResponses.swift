import Foundation
import OpenHealthKitModel
import OpenHealthKitWire
import HTTPTypes
import Hummingbird
import NIOCore

/// JSON in and out of routes.
enum JSONResponses {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as JSON; if it cannot be encoded (a number that is not finite, which only data stored before values
    /// were bounded can produce), a 500 with healthd's JSON error, never an empty success.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        guard let data = try? encoder.encode(value) else {
            let failure = WireError(
                HKError(.unknownError, "healthd could not encode its answer: a value is not a finite number"))
            return response(data: (try? encoder.encode(failure)) ?? Data(), status: .internalServerError)
        }
        return response(data: data, status: status)
    }

    private static func response(data: Data, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Reads request bodies up to the configured size: a larger body is 413, a body that is not `application/json` 415,
/// malformed JSON (a key named twice in an object included) 400.
struct BodyReader: Sendable {
    let maximumSize: Int

    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumSize {
            throw APIError(
                .contentTooLarge, .init(.errorDataSizeExceeded, "The request body is larger than \(maximumSize) bytes"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumSize)
        } catch is NIOTooManyBytesError {
            throw APIError(
                .contentTooLarge, .init(.errorDataSizeExceeded, "The request body is larger than \(maximumSize) bytes"))
        }
        guard buffer.readableBytes > 0 else { throw APIError.badRequest("The request needs a JSON body") }
        guard Self.isJSON(request.headers[.contentType]) else {
            throw APIError(.unsupportedMediaType, .invalidArgument("The request body must be application/json"))
        }
        do {
            return try WireRequestBody.decode(T.self, from: Data(buffer.readableBytesView))
        } catch WireRequestBody.Malformed.duplicateKey(let key) {
            throw APIError.badRequest("Malformed request body: an object names the key \"\(key)\" twice")
        }
    }

    /// Whether a Content-Type is `application/json`, with or without parameters such as `charset=utf-8`.
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let mediaType = contentType?.split(separator: ";", maxSplits: 1).first else { return false }
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
