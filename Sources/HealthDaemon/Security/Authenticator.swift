import Foundation
import OpenHealthKitModel
import Hummingbird
import OpenHealthKitEngine

/// An app that presented a working credential, and the user whose app it is.
struct AuthenticatedApp: Sendable {
    var manifest: AppManifest
    var claims: CredentialAuthority.Claims
    /// The state of the user the credential was issued for: the only data this call may reach.
    var user: UserState

    var bundleIdentifier: String { manifest.bundleIdentifier }
}

/// Who is calling, and for which user: the owner (the owner secret) or a registered app (its credential, which names
/// its user), from `Authorization: Bearer <token>`. Anything else is 401.
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

    /// The state of the owner who signed in.
    func requireOwner(_ request: Request) async throws -> UserState {
        guard let token = Self.bearer(request) else {
            throw APIError.unauthorized("Owner routes need the owner secret: send Authorization: Bearer <owner secret>")
        }
        guard ownerSecret.matches(token) else { throw APIError.unauthorized("The owner secret is not valid") }
        return users.owner
    }

    /// The app whose working credential the request carries, and its user's state.
    func requireApp(_ request: Request) async throws -> AuthenticatedApp {
        guard let token = Self.bearer(request) else {
            throw APIError.unauthorized("Missing credential: send Authorization: Bearer <the app's credential>")
        }
        guard let claims = verified.claims(of: token) else {
            throw APIError.unauthorized("The credential is not valid: it is malformed, forged or expired")
        }
        return try current(claims)
    }

    /// The app of credential claims if the credential still works: the app is registered, not revoked, and this is
    /// its latest credential. Checked again on a live change stream, so a revocation closes it.
    func current(_ claims: CredentialAuthority.Claims, now: Date = Date()) throws -> AuthenticatedApp {
        guard claims.exp > now.timeIntervalSince1970 else { throw APIError.unauthorized("The credential has expired") }
        // A credential from before credentials named their user is the owner's (a SQLite store has no other).
        guard let user = users.state(for: claims.user ?? users.owner.id) else {
            throw APIError.unauthorized("The credential was revoked")
        }
        guard let app = user.registry.app(claims.app), app.revokedAt == nil else {
            throw APIError.unauthorized("The credential was revoked")
        }
        guard app.credentialID == claims.jti else {
            throw APIError.unauthorized("The credential was replaced by a newer one")
        }
        return AuthenticatedApp(manifest: app.manifest, claims: claims, user: user)
    }

    private static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
