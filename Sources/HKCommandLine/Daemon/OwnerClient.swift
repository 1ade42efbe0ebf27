import Foundation
import OpenHealthKit
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// JSON calls to a running healthd's owner routes (`/v1/owner/...`), authenticated with the owner secret.
///
/// Failures become `hk`'s errors: healthd refusing the input (any 4xx but 401) is bad input, exit 2, with healthd's
/// message; an unreachable healthd, a refused secret or a failure of healthd's own is exit 1.
struct OwnerClient: Sendable {
    /// The owner secret and where it was found, which messages name instead of the secret.
    struct Secret: Sendable {
        let value: String
        let origin: String
    }

    let address: URL
    let secret: Secret

    /// Calls `route` with a JSON body, decoding healthd's JSON answer.
    func call<Answer: Decodable>(
        _ route: WireRoute<Void>, query: [URLQueryItem] = [], body: (any Encodable)? = nil,
        as answer: Answer.Type = Answer.self
    ) async throws -> Answer {
        var request = URLRequest(url: url(route.path, query: query), timeoutInterval: 60)
        request.httpMethod = route.method.rawValue
        request.setValue("Bearer \(secret.value)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let (data, status) = try await send(request)
        guard (200..<300).contains(status) else { throw failure(status: status, body: data) }
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw HKError(
                .unknownError,
                "healthd at \(address.absoluteString) answered \(route.method.rawValue) \(route.path) with what hk cannot read"
            )
        }
    }

    private func url(_ path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents(url: address, resolvingAgainstBaseURL: false) ?? URLComponents()
        let base =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = base + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url ?? address
    }

    private func send(_ request: URLRequest) async throws -> (Data, Int) {
        let unreachable = HKError(
            .errorDatabaseInaccessible,
            "cannot reach healthd at \(address.absoluteString): is it running? (give its address with --healthd)")
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                guard error == nil, let response = response as? HTTPURLResponse else {
                    return continuation.resume(throwing: unreachable)
                }
                continuation.resume(returning: (data ?? Data(), response.statusCode))
            }.resume()
        }
    }

    /// The error `hk` reports for an answer that is not a success.
    private func failure(status: Int, body: Data) -> HKError {
        guard let message = (try? JSONDecoder().decode(WireError.self, from: body))?.error.message else {
            return HKError(.unknownError, "healthd at \(address.absoluteString) answered HTTP \(status)")
        }
        switch status {
        case 401:
            return HKError(
                .errorAuthorizationDenied,
                "healthd at \(address.absoluteString) refused the owner secret from \(secret.origin): \(message)")
        case 400..<500:
            return HKError.invalidArgument(message)
        default:
            return HKError(.unknownError, "healthd at \(address.absoluteString) failed: \(message)")
        }
    }
}
