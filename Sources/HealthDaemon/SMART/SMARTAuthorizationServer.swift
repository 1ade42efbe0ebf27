import Crypto
import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange

/// healthd's SMART on FHIR authorization server (App Launch v2, standalone; docs/FHIR.md, "SMART on FHIR"): the
/// authorization code flow with PKCE (S256) for clients the owner registered (``FHIRClientRecord``), public or
/// confidential (`client_secret_basic` or `client_secret_post`); access tokens of an hour and rotating refresh
/// tokens. The owner answers the request on Health's consent sheet; a code works once and within a minute; a
/// refresh token works once (using one twice ends every refresh token of the client: one of the two was stolen);
/// removing a client ends all its tokens at once.
struct SMARTAuthorizationServer: Sendable {
    let tokens: SMARTTokens
    /// Each app's record changes one request at a time.
    let locks = SerialLocks()

    // MARK: Authorization

    /// The owner's answer to a checked request: a code for the scopes they allowed (nil: none, they refused),
    /// and where the browser goes with it.
    func answer(_ request: SMARTAuthorizationRequest, allowing allowed: [String]?, user: Int64, now: Date = Date())
        -> SMARTRedirect
    {
        let granted = allowed.map { allowed in request.scopes.filter(allowed.contains) } ?? []
        guard !FHIRAccess.granted(by: granted).granted.isEmpty else {
            return SMARTRedirect(
                request.redirectURI,
                [
                    "error": "access_denied", "error_description": "The owner did not allow access",
                    "state": request.state,
                ])
        }
        let code = tokens.codes.sign(
            SMARTTokens.Code(
                client: request.client.id, user: user, scope: granted.joined(separator: " "),
                redirectURI: request.redirectURI, challenge: request.challenge,
                exp: now.timeIntervalSince1970 + SMARTTokens.codeLifetime, jti: SMARTTokens.randomID()))
        return SMARTRedirect(request.redirectURI, ["code": code, "state": request.state])
    }

    // MARK: Tokens

    /// The token endpoint's answer to a form (`application/x-www-form-urlencoded`), with the client's
    /// `Authorization` header; throws ``SMARTTokenError``.
    func token(
        _ form: [String: String], authorization: String?, patientID: @escaping @Sendable (Int64) -> String,
        engines: @escaping @Sendable (Int64) async throws -> HealthEngine?, now: Date = Date()
    ) async throws -> SMARTTokenAnswer {
        let (clientID, secret) = Self.clientCredentials(form, authorization: authorization)
        return try await locks.serialized(clientID ?? "") {
            try await token(
                form, client: clientID, secret: secret, patientID: patientID, engines: engines, now: now)
        }
    }

    private func token(
        _ form: [String: String], client clientID: String?, secret: String?, patientID: (Int64) -> String,
        engines: (Int64) async throws -> HealthEngine?, now: Date
    ) async throws -> SMARTTokenAnswer {
        let seconds = now.timeIntervalSince1970
        let grant: SMARTTokens.Grant
        let engine: HealthEngine
        switch form["grant_type"] {
        case nil: throw SMARTTokenError.invalidRequest("Give grant_type")
        case "authorization_code":
            guard let text = form["code"] else { throw SMARTTokenError.invalidRequest("Give the code") }
            guard let code = tokens.codes.claims(of: text, as: SMARTTokens.Code.self),
                code.exp > seconds, let found = try await engines(code.user)
            else { throw SMARTTokenError.invalidGrant("The code is not valid, or has expired") }
            engine = found
            var client = try await authenticated(clientID, secret, engine: engine, expected: code.client)
            guard form["redirect_uri"] == code.redirectURI else {
                throw SMARTTokenError.invalidGrant("redirect_uri differs from the authorization request's")
            }
            guard let verifier = form["code_verifier"], (43...128).contains(verifier.count),
                Base64URL.encode(SHA256.hash(data: Data(verifier.utf8))) == code.challenge
            else { throw SMARTTokenError.invalidGrant("code_verifier does not match the code_challenge") }
            client = client.pruned(now: seconds)
            guard client.usedCodes[code.jti] == nil else {
                throw SMARTTokenError.invalidGrant("The code was used already")
            }
            client.usedCodes[code.jti] = code.exp
            grant = SMARTTokens.Grant(
                client: client.id, user: code.user, scope: code.scope, exp: 0, jti: SMARTTokens.randomID())
            return try await issue(grant, for: client, engine: engine, patientID: patientID(code.user), now: now)
        case "refresh_token":
            guard let text = form["refresh_token"] else {
                throw SMARTTokenError.invalidRequest("Give the refresh_token")
            }
            guard let old = tokens.refresh.claims(of: text, as: SMARTTokens.Grant.self), old.exp > seconds,
                let found = try await engines(old.user)
            else { throw SMARTTokenError.invalidGrant("The refresh token is not valid, or has expired") }
            engine = found
            var client = try await authenticated(clientID, secret, engine: engine, expected: old.client)
                .pruned(now: seconds)
            guard client.refreshTokens.removeValue(forKey: old.jti) != nil else {
                // Used before: whoever holds the other copy must not go on either.
                client.refreshTokens = [:]
                try await engine.saveFHIRClient(client)
                throw SMARTTokenError.invalidGrant(
                    "The refresh token was used already; every refresh token of this app ended")
            }
            // A narrower `scope` may be asked for; never a wider one.
            var scope = old.scope
            if let asked = form["scope"] {
                let held = Set(old.scope.split(separator: " "))
                guard asked.split(separator: " ").allSatisfy(held.contains) else {
                    throw SMARTTokenError.invalidScope("A refresh cannot add scopes the owner did not grant")
                }
                scope = asked
            }
            grant = SMARTTokens.Grant(
                client: client.id, user: old.user, scope: scope, exp: 0, jti: SMARTTokens.randomID())
            return try await issue(grant, for: client, engine: engine, patientID: patientID(old.user), now: now)
        default:
            throw SMARTTokenError.unsupportedGrantType
        }
    }

    /// The access token of a grant, and a refresh token when its scopes ask for one; the client's record keeps the
    /// refresh token's id (and the code it used, as used).
    private func issue(
        _ grant: SMARTTokens.Grant, for client: FHIRClientRecord, engine: HealthEngine, patientID: String, now: Date
    ) async throws -> SMARTTokenAnswer {
        var client = client
        var access = grant
        access.exp = now.timeIntervalSince1970 + SMARTTokens.accessLifetime
        let scopes = grant.scope.split(separator: " ")
        var answer = SMARTTokenAnswer(
            access_token: tokens.access.sign(access), expires_in: Int(SMARTTokens.accessLifetime), scope: grant.scope)
        if scopes.contains("launch/patient") { answer.patient = patientID }
        if scopes.contains("offline_access") || scopes.contains("online_access") {
            var refresh = grant
            refresh.jti = SMARTTokens.randomID()
            refresh.exp =
                now.timeIntervalSince1970
                + (scopes.contains("offline_access") ? SMARTTokens.refreshLifetime : SMARTTokens.onlineRefreshLifetime)
            client.refreshTokens[refresh.jti] = refresh.exp
            answer.refresh_token = tokens.refresh.sign(refresh)
        }
        // Removed meanwhile (by `hk`): nothing is written back, and the tokens are not handed out.
        guard try await engine.fhirClient(client.id) != nil else { throw SMARTTokenError.invalidClient }
        try await engine.saveFHIRClient(client)
        return answer
    }

    /// The client, when it is still registered, is the one the grant was for, and proves it: a confidential client
    /// by its secret, a public one by naming itself.
    private func authenticated(_ id: String?, _ secret: String?, engine: HealthEngine, expected: String) async throws
        -> FHIRClientRecord
    {
        guard let id, id == expected, let client = try await engine.fhirClient(id) else {
            throw SMARTTokenError.invalidClient
        }
        if client.secretDigest != nil {
            guard let secret, FHIRClientRegistration.matches(secret, client) else {
                throw SMARTTokenError.invalidClient
            }
        }
        return client
    }

    /// The client id and secret of a token request: `Authorization: Basic` (`client_secret_basic`), else the form's
    /// `client_id` and `client_secret`.
    private static func clientCredentials(_ form: [String: String], authorization: String?) -> (String?, String?) {
        if let authorization, authorization.lowercased().hasPrefix("basic "),
            let data = Data(base64Encoded: String(authorization.dropFirst(6))),
            let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        {
            let decode = { (part: Substring) in String(part).removingPercentEncoding ?? String(part) }
            return (decode(text[..<colon]), decode(text[text.index(after: colon)...]))
        }
        return (form["client_id"], form["client_secret"])
    }

    /// Removes an app (Health's Remove): after any token request of it in flight here, so that none writes it back.
    func remove(_ client: String, engine: HealthEngine) async throws -> Bool {
        try await locks.serialized(client) { try await engine.removeFHIRClient(client) }
    }

    // MARK: Access

    /// The grant of an access token that still works: signed here, not expired, its client still registered.
    func grant(ofAccessToken token: String, engines: (Int64) async throws -> HealthEngine?, now: Date = Date())
        async throws -> (grant: SMARTTokens.Grant, engine: HealthEngine)?
    {
        guard let grant = tokens.access.claims(of: token, as: SMARTTokens.Grant.self),
            grant.exp > now.timeIntervalSince1970, let engine = try await engines(grant.user),
            try await engine.fhirClient(grant.client) != nil
        else { return nil }
        return (grant, engine)
    }
}

/// An OAuth error of the token endpoint (RFC 6749, 5.2): 400, or 401 for a client that did not authenticate.
enum SMARTTokenError: Error, Equatable {
    case invalidGrant(String)
    case invalidClient
    case invalidScope(String)
    case invalidRequest(String)
    case unsupportedGrantType

    var status: Int { self == .invalidClient ? 401 : 400 }

    var body: [String: String] {
        switch self {
        case .invalidGrant(let description): ["error": "invalid_grant", "error_description": description]
        case .invalidClient:
            ["error": "invalid_client", "error_description": "The client is not registered, or did not authenticate"]
        case .invalidScope(let description): ["error": "invalid_scope", "error_description": description]
        case .invalidRequest(let description): ["error": "invalid_request", "error_description": description]
        case .unsupportedGrantType:
            ["error": "unsupported_grant_type", "error_description": "Use authorization_code or refresh_token"]
        }
    }
}

/// The token endpoint's answer (RFC 6749, 5.1; SMART's `patient`), in OAuth's field names.
struct SMARTTokenAnswer: Encodable, Sendable {
    var access_token: String
    var token_type = "Bearer"
    var expires_in: Int
    var scope: String
    var patient: String?
    var refresh_token: String?
}
