import Foundation
import OpenHealthKitEngine
import OpenHealthKitExchange

/// A SMART on FHIR authorization request (App Launch v2, standalone: `GET` of the authorization endpoint), checked
/// before the owner sees it.
///
/// Until the client and its redirect URI are known to be registered, a bad request is shown to the owner and never
/// sent anywhere (``SMARTAuthorizationFailure/shown``): a redirect to an unchecked URI would make healthd an open
/// redirector. After that, what is wrong goes back to the client as OAuth's `error` (``SMARTAuthorizationFailure/
/// returned``).
struct SMARTAuthorizationRequest: Sendable {
    let client: FHIRClientRecord
    let redirectURI: String
    let state: String?
    /// The scopes asked for that healthd can grant, in the order asked.
    let scopes: [String]
    /// The PKCE challenge (S256).
    let challenge: String

    /// The scopes that are not resource scopes and that healthd grants: a refresh token (`offline_access`,
    /// `online_access`) and the patient's id in the token answer (`launch/patient`).
    static let contextScopes: Set<String> = ["offline_access", "online_access", "launch/patient"]

    init(_ parameters: [String: String], base: String, engine: HealthEngine) async throws {
        guard let clientID = parameters["client_id"], let client = try await engine.fhirClient(clientID) else {
            throw SMARTAuthorizationFailure.shown("The app asking for access is not registered with this server.")
        }
        guard let redirectURI = parameters["redirect_uri"], client.redirectURIs.contains(redirectURI) else {
            throw SMARTAuthorizationFailure.shown(
                "The app “\(client.name)” asked to be answered at an address it did not register.")
        }
        self.client = client
        self.redirectURI = redirectURI
        let state = parameters["state"]
        self.state = state
        func returned(_ error: String, _ description: String) -> SMARTAuthorizationFailure {
            .returned(SMARTRedirect(redirectURI, ["error": error, "error_description": description, "state": state]))
        }
        guard parameters["response_type"] == "code" else {
            throw returned(
                "unsupported_response_type", "Only the authorization code flow (response_type=code) is offered")
        }
        guard parameters["code_challenge_method"] == "S256", let challenge = parameters["code_challenge"],
            (43...128).contains(challenge.count),
            challenge.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_".contains($0)) })
        else {
            throw returned("invalid_request", "PKCE is required: code_challenge with code_challenge_method=S256")
        }
        self.challenge = challenge
        guard let audience = parameters["aud"], audience.trimmingSlash == base.trimmingSlash else {
            throw returned("invalid_request", "aud must be this server's FHIR base URL, \(base)")
        }
        // Each scope once, as it would be granted, in the order first asked (some clients repeat one).
        let asked = (parameters["scope"] ?? "").split(separator: " ").map(String.init)
        guard asked.count <= Self.maximumScopes else {
            throw returned("invalid_scope", "Ask for at most \(Self.maximumScopes) scopes")
        }
        var scopes: [String] = []
        for scope in asked {
            guard let granted = Self.contextScopes.contains(scope) ? scope : FHIRAccess.grantedScope(scope),
                !scopes.contains(granted)
            else { continue }
            scopes.append(granted)
        }
        self.scopes = scopes
        let resources = scopes.filter { !Self.contextScopes.contains($0) }
        guard !resources.isEmpty else {
            throw returned(
                "invalid_scope", "Ask for at least one scope reading Patient, Device or Observation resources")
        }
    }

    /// The most scopes a request may ask for: a code and its tokens carry them all, and stay within
    /// ``TokenSigner``'s bound.
    static let maximumScopes = 20
}

/// Why an authorization request is not put to the owner.
enum SMARTAuthorizationFailure: Error {
    /// Shown to the owner: where to answer the client is not known to be the client's.
    case shown(String)
    /// Sent back to the client, at its registered redirect URI.
    case returned(SMARTRedirect)
}

/// An answer to the client: its redirect URI with parameters added to its query.
struct SMARTRedirect: Sendable, Equatable {
    let url: String

    init(_ redirectURI: String, _ parameters: [String: String?]) {
        var components = URLComponents(string: redirectURI) ?? URLComponents()
        var items = components.queryItems ?? []
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        components.queryItems = items
        // `+` means a space to form decoders: encode it as well.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        url = components.string ?? redirectURI
    }
}

extension String {
    fileprivate var trimmingSlash: Substring {
        hasSuffix("/") ? dropLast() : Substring(self)
    }
}
