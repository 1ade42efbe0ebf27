import Foundation
import OpenHealthKitTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `healthd` serving a temporary store on a free loopback port (``Healthd``), for the commands that act
/// as the owner through it. ``with(_:)`` always stops it, whatever the test does.
/// Immutable once started, so tests may share it with the tasks they start.
final class RunningHealthd: @unchecked Sendable {
    let store: TemporaryStore
    private let healthd: Healthd

    var address: URL { healthd.address }

    private init(store: TemporaryStore, healthd: Healthd) {
        self.store = store
        self.healthd = healthd
    }

    /// Runs `body` with a healthd of its own, then stops healthd (SIGTERM, and waits for it to exit) even when `body`
    /// throws.
    static func with<T>(_ body: (RunningHealthd) async throws -> T) async throws -> T {
        let store = try TemporaryStore()
        let daemon = RunningHealthd(store: store, healthd: try await Healthd.launch(directory: store.folder))
        do {
            let result = try await body(daemon)
            await daemon.healthd.terminate()
            return result
        } catch {
            await daemon.healthd.terminate()
            throw error
        }
    }

    /// `hk arguments... --healthd <address> --store <store>`, with no owner setting from the test's environment.
    func hk(_ arguments: [String], environment: [String: String?] = [:]) async throws -> HKProcess.Result {
        try await HKProcess.run(
            arguments + ["--healthd", address.absoluteString, "--store", store.path],
            environment: Self.clean.merging(environment) { $1 })
    }

    /// Runs an `hk` command that must succeed; returns its stdout.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await hk(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `hk arguments... --format json` parsed as an array of objects.
    func records(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String:
        Any]]
    {
        let output = try await succeed(arguments + ["--format", "json"], sourceLocation: sourceLocation)
        return try #require(
            JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// The owner secret healthd made next to its store.
    var ownerSecret: String { healthd.ownerSecret }

    /// What healthd answered to one raw HTTP call.
    struct Answer: Sendable {
        let status: Int
        let body: Data

        /// The body as a JSON object.
        var object: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    /// One raw HTTP call to healthd, with a JSON body when `json` is given.
    func call(
        _ method: String, _ path: String, bearer: String, json: (any Encodable & Sendable)? = nil,
        timeout: TimeInterval = SafetyTimeout.duration / .seconds(1)
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: path, relativeTo: address)!.absoluteURL, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        if let json {
            request.httpBody = try JSONEncoder().encode(json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.patient.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                continuation.resume(returning: Answer(status: response.statusCode, body: data ?? Data()))
            }.resume()
        }
    }

    /// The environment variables that would otherwise choose another healthd, store or secret.
    private static let clean: [String: String?] = [
        "OPENHEALTHKIT_HEALTHD": nil, "OPENHEALTHKIT_OWNER_SECRET": nil, "OPENHEALTHKIT_STORE": nil,
    ]
}
