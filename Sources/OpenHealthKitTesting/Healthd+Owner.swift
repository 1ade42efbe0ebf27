public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Healthd {
    /// What healthd answered to one owner call.
    public struct OwnerAnswer: Sendable {
        /// The HTTP status code.
        public let status: Int
        /// The response body as sent.
        public let body: Data

        /// The body as a JSON object.
        public var object: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        /// The body as text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// One call to an owner route with the owner secret, or signed in as `user` (a user of healthd's PostgreSQL
    /// database, by name and secret) when given, with `json` (a JSON object) as its body when given.
    public func owner(_ method: String, _ path: String, json: [String: Any]? = nil, as user: HealthdUser? = nil)
        async throws -> OwnerAnswer
    {
        var request = URLRequest(url: url(path), timeoutInterval: SafetyTimeout.duration / .seconds(1))
        request.httpMethod = method
        request.setValue(user?.authorization ?? "Bearer \(ownerSecret)", forHTTPHeaderField: "Authorization")
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.patient.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse else {
                    return continuation.resume(throwing: error ?? URLError(.badServerResponse))
                }
                continuation.resume(returning: OwnerAnswer(status: response.statusCode, body: data ?? Data()))
            }.resume()
        }
    }

    /// Registers the app (`POST /v1/owner/apps`), as the owner (or `user`) does from its property lists; returns the
    /// credential.
    public func register(_ plists: AppPlists, credentialLifetime: Double? = nil, as user: HealthdUser? = nil)
        async throws -> String
    {
        var registration: [String: Any] = ["infoPlist": plists.info, "entitlements": plists.entitlements]
        registration["credentialLifetime"] = credentialLifetime
        let answer = try await owner("POST", "/v1/owner/apps", json: registration, as: user)
        guard answer.status == 201, let credential = answer.object?["credential"] as? String else {
            throw HealthdError("registration failed: \(answer.status) \(answer.text)")
        }
        return credential
    }

    /// Lets the app write and read the types (identifiers such as `HKQuantityTypeIdentifierHeartRate`), as the
    /// owner's Sources page does, without a permission request.
    public func allow(_ bundleIdentifier: String, toShareAndRead types: [String], as user: HealthdUser? = nil)
        async throws
    {
        let grants = Dictionary(
            uniqueKeysWithValues: types.map { ($0, ["share": "sharingAuthorized", "read": "authorized"]) })
        let answer = try await owner(
            "PUT", "/v1/owner/apps/\(bundleIdentifier)/grants", json: ["grants": grants], as: user)
        guard answer.status == 200 else { throw HealthdError("granting failed: \(answer.status) \(answer.text)") }
    }
}

/// A user of a healthd serving a PostgreSQL database, signing in to the owner routes by name and secret (HTTP Basic),
/// as `hk users add` made them.
public struct HealthdUser: Sendable {
    /// The name they sign in with.
    public let name: String
    /// Their secret, as `hk users add` printed it.
    public let secret: String

    /// A user signing in with `name` and `secret`.
    public init(name: String, secret: String) {
        self.name = name
        self.secret = secret
    }

    /// The `Authorization` header's value.
    var authorization: String { "Basic " + Data("\(name):\(secret)".utf8).base64EncodedString() }
}
