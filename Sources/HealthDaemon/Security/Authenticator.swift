import Foundation
import OpenHealthKitModel
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitExchange
import HTTPTypes

/// An app that presented a working credential, and the user whose app it is.
struct AuthenticatedApp: Sendable {
    var manifest: AppManifest
    var claims: CredentialAuthority.Claims
    /// The state of the user the credential was issued for: the only data this call may reach.
    var user: UserState

    var bundleIdentifier: String { manifest.bundleIdentifier }
}

/// A phone app pushing with an ingest key, and the user whose store the key fills.
struct IngestCaller: Sendable {
    var user: UserState
    var key: IngestKeyRecord
}

/// Who is calling, and for which user: an owner or a registered app (its credential, which names its user). An owner
/// sends `Authorization: Bearer <owner secret>` (the owner of the store, whose secret healthd keeps next to it) or,
/// when healthd serves many users, `Authorization: Basic <base64 of NAME:SECRET>` (any user, `owner` included).
/// Anything else is 401, with one message for an unknown name and a wrong secret.
struct Authenticator: Sendable {
    let ownerSecret: OwnerSecret
    let authority: CredentialAuthority
    let users: UserStates
    let verified: VerifiedCredentials

    init(ownerSecret: OwnerSecret, authority: CredentialAuthority, users: UserStates) {
        self.ownerSecret = ownerSecret
        self.authority = authority
        self.users = users
        verified = VerifiedCredentials(authority: authority)
    }

    /// Whether owners sign in by name (healthd serves many users) or with the owner secret alone.
    var signsInByName: Bool { users.servesMany }

    /// The state of the owner who signed in.
    func requireOwner(_ request: Request) async throws -> UserState {
        if users.servesMany, let (name, secret) = Self.basic(request) {
            guard let user = try await owner(named: name, secret: secret) else {
                throw APIError.unauthorized("The name and secret do not match an account")
            }
            return user
        }
        guard let token = Self.bearer(request) else {
            throw APIError.unauthorized(
                users.servesMany
                    ? "Owner routes need a name and secret: send Authorization: Basic <base64 of NAME:SECRET>"
                    : "Owner routes need the owner secret: send Authorization: Bearer <owner secret>")
        }
        guard let user = try await owner(named: nil, secret: token) else {
            throw APIError.unauthorized("The owner secret is not valid")
        }
        return user
    }

    /// The state of the user whose name and secret these are; nil for an unknown name and a wrong secret alike.
    /// `name` nil, or the owner's name (`owner`), asks for the owner secret kept next to the store; any other name is
    /// checked against the database's accounts (a salted scrypt hash), and a user removed meanwhile is nobody.
    func owner(named name: String?, secret: String) async throws -> UserState? {
        guard let name, name != Self.ownerName, let directory = users.directory else {
            return name == nil || name == Self.ownerName ? (ownerSecret.matches(secret) ? users.owner : nil) : nil
        }
        guard let id = try await offload({ try directory.verify(name: name, secret: secret) }) else { return nil }
        return try await users.state(for: id)
    }

    /// The name of the owner every PostgreSQL database has (`StoreLocation.ownerUserID`).
    static let ownerName = "owner"

    /// The app whose working credential the request carries, and its user's state.
    func requireApp(_ request: Request) async throws -> AuthenticatedApp {
        guard let token = Self.bearer(request) else {
            throw APIError.unauthorized("Missing credential: send Authorization: Bearer <the app's credential>")
        }
        guard let claims = verified.claims(of: token) else {
            throw APIError.unauthorized("The credential is not valid: it is malformed, forged or expired")
        }
        // A credential from before credentials named their user is the owner's (a SQLite store has no other).
        guard let user = try await users.state(for: claims.user ?? users.owner.id) else {
            throw APIError.unauthorized("The credential was revoked")
        }
        // Another healthd on the database may have registered or revoked the app a moment ago.
        try await user.refreshApp(claims.app)
        return try current(claims, of: user)
    }

    /// The app of credential claims, of `user`, if the credential still works: the app is registered, not revoked, and this is
    /// its latest credential. Checked again on a live change stream, so a revocation closes it.
    func current(_ claims: CredentialAuthority.Claims, of user: UserState, now: Date = Date()) throws
        -> AuthenticatedApp
    {
        guard claims.exp > now.timeIntervalSince1970 else { throw APIError.unauthorized("The credential has expired") }
        guard let app = user.registry.app(claims.app), app.revokedAt == nil else {
            throw APIError.unauthorized("The credential was revoked")
        }
        guard app.credentialID == claims.jti else {
            throw APIError.unauthorized("The credential was replaced by a newer one")
        }
        return AuthenticatedApp(manifest: app.manifest, claims: claims, user: user)
    }

    /// The user whose ingest key the request carries (`Authorization: Bearer KEY` or `api-key: KEY`), and the key.
    /// An unknown user, an unknown key and a wrong secret get the same 401.
    func requireIngestKey(_ request: Request) async throws -> IngestCaller {
        guard let key = Self.bearer(request) ?? request.headers[Self.apiKeyHeader] else {
            throw APIError.unauthorized("Send the ingest key: Authorization: Bearer <key>, or api-key: <key>")
        }
        let refusal = APIError.unauthorized("The ingest key is not valid")
        guard let id = IngestKeys.user(of: key), let user = try await users.state(for: id) else { throw refusal }
        guard let record = try await offload({ try IngestKeys(engine: user.engine).verify(key) }) else {
            throw refusal
        }
        return IngestCaller(user: user, key: record)
    }

    static let apiKeyHeader = HTTPField.Name("api-key")!

    /// The name and secret of `Authorization: Basic <base64 of NAME:SECRET>` (RFC 7617), if that is what it holds.
    private static func basic(_ request: Request) -> (name: String, secret: String)? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
