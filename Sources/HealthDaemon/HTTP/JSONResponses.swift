import Foundation
import OpenHealthKitModel
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

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        // The wire types encode plain values only: encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Reads request bodies up to the configured size: a larger body is 413, malformed JSON 400.
struct BodyReader: Sendable {
    let maximumSize: Int

    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumSize {
            throw APIError(.contentTooLarge, .init(.errorDataSizeExceeded, "The request body is larger than \(maximumSize) bytes"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumSize)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, .init(.errorDataSizeExceeded, "The request body is larger than \(maximumSize) bytes"))
        }
        guard buffer.readableBytes > 0 else { throw APIError.badRequest("The request needs a JSON body") }
        return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    }
}
