import Foundation
import OpenHealthKitTesting
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What healthd answered to one raw HTTP call.
struct HTTPAnswer: Sendable {
    let status: Int
    let body: Data
    let contentType: String?
    var allow: String? = nil
    var retryAfter: String? = nil
    var contentLocation: String? = nil

    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: body)
    }

    /// The JSON error body, if the answer is one.
    var error: WireError? { try? decode(WireError.self) }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Raw HTTP calls, for the tests that look at statuses and bodies rather than through HKHealthStore. A call waits
/// for its answer up to the safety timeout by default: on a loaded machine an answer can take far longer than it
/// should, and a shorter budget fails tests that would pass.
enum HTTP {
    static func call(
        _ method: String, _ url: URL, bearer: String? = nil, json: (any Encodable)? = nil, body: Data? = nil,
        headers: [String: String] = [:], timeout: TimeInterval = SafetyTimeout.duration / .seconds(1)
    ) async throws -> HTTPAnswer {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONEncoder().encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.patient.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    return
                }
                continuation.resume(
                    returning: HTTPAnswer(
                        status: response.statusCode, body: data ?? Data(),
                        contentType: response.value(forHTTPHeaderField: "Content-Type"),
                        allow: response.value(forHTTPHeaderField: "Allow"),
                        retryAfter: response.value(forHTTPHeaderField: "Retry-After"),
                        contentLocation: response.value(forHTTPHeaderField: "Content-Location")))
            }.resume()
        }
    }
}
