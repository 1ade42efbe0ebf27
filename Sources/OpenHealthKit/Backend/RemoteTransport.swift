import Foundation
import OpenHealthKitModel
import OpenHealthKitEngine
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// JSON calls to a healthd, authenticated with the app's credential. Calls block their thread (the store runs
/// them on its own queue); every failure becomes the `HKError` healthd reported, or `errorDatabaseInaccessible`
/// when healthd cannot be reached.
final class RemoteTransport: Sendable {
    let remote: HealthStoreConfiguration.Remote
    private let session: URLSession
    private let app = Locked<(source: HKSource?, failedAt: Date?)>((nil, nil))

    init(remote: HealthStoreConfiguration.Remote) {
        self.remote = remote
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 300
        session = URLSession(configuration: configuration)
    }

    /// Calls `route` with a JSON body, decoding a JSON answer; also returns the HTTP status (200, 201, 202...).
    func call<Answer: Decodable>(
        _ route: WireRoute<Void>, query: [URLQueryItem] = [], body: (any Encodable)? = nil,
        timeout: TimeInterval = 60, as answer: Answer.Type = Answer.self
    ) throws -> (answer: Answer, status: Int) {
        var request = URLRequest(url: url(route.path, query: query), timeoutInterval: timeout)
        request.httpMethod = route.method.rawValue
        authorize(&request)
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let (data, status) = try send(request)
        guard (200..<300).contains(status) else {
            if let error = try? JSONDecoder().decode(WireError.self, from: data) { throw error.hkError }
            throw HKError(.unknownError, "healthd answered \(route.method.rawValue) \(route.path) with HTTP \(status)")
        }
        do {
            return (try JSONDecoder().decode(Answer.self, from: data), status)
        } catch {
            throw HKError(
                .unknownError, "healthd's answer to \(route.method.rawValue) \(route.path) could not be read: \(error)")
        }
    }

    /// Calls `route` for its raw bytes (an attachment's), failing with healthd's error as ``call(_:query:body:timeout:as:)``
    /// does.
    func bytes(_ route: WireRoute<Void>, query: [URLQueryItem] = [], timeout: TimeInterval = 120) throws -> Data {
        var request = URLRequest(url: url(route.path, query: query), timeoutInterval: timeout)
        request.httpMethod = route.method.rawValue
        authorize(&request)
        let (data, status) = try send(request)
        guard (200..<300).contains(status) else {
            if let error = try? JSONDecoder().decode(WireError.self, from: data) { throw error.hkError }
            throw HKError(.unknownError, "healthd answered \(route.method.rawValue) \(route.path) with HTTP \(status)")
        }
        return data
    }

    /// The address of `path` (percent-encoded, as ``WireRoute`` writes it) at healthd's address.
    func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: remote.address, resolvingAgainstBaseURL: false)!
        let base = components.percentEncodedPath
        components.percentEncodedPath = base.hasSuffix("/") ? String(base.dropLast()) + path : base + path
        if !query.isEmpty { components.queryItems = query }
        return components.url!
    }

    func authorize(_ request: inout URLRequest) {
        request.setValue("Bearer \(remote.credential)", forHTTPHeaderField: "Authorization")
    }

    /// The app the credential names, as healthd knows it (`GET /v1/app`): asked once, or again 10 seconds after
    /// healthd could not tell; nil meanwhile.
    func appSource() -> HKSource? {
        let known = app.withLock { app -> HKSource?? in
            if let source = app.source { return source }
            if let failedAt = app.failedAt, failedAt.timeIntervalSinceNow > -10 { return .some(nil) }
            return nil
        }
        if let known { return known }
        let summary = try? call(WireRoutes.app, timeout: 10, as: WireAppSummary.self).answer
        let source = summary.map { HKSource(name: $0.name, bundleIdentifier: $0.bundleIdentifier) }
        app.withLock { $0 = (source, source == nil ? Date() : nil) }
        return source
    }

    var unreachable: HKError {
        HKError(.errorDatabaseInaccessible, "healthd at \(remote.address.absoluteString) cannot be reached")
    }

    private func send(_ request: URLRequest) throws -> (Data, Int) {
        let outcome = Locked<Result<(Data, Int), HKError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let unreachable = unreachable
        session.dataTask(with: request) { data, response, error in
            if let response = response as? HTTPURLResponse, error == nil {
                outcome.withLock { $0 = .success((data ?? Data(), response.statusCode)) }
            } else {
                outcome.withLock { $0 = .failure(unreachable) }
            }
            done.signal()
        }.resume()
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}

/// An answer whose content does not matter.
struct IgnoredAnswer: Decodable {}
