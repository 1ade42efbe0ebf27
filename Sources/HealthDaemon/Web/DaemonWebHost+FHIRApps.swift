import Foundation
import HealthWeb
import OpenHealthKitEngine
import OpenHealthKitExchange

/// Health's FHIR Apps page and SMART consent sheet, on healthd's registry of FHIR clients (the user's store) and its
/// authorization server.
extension DaemonWebHost {
    func fhirApps() async throws -> [FHIRAppSummary] {
        try await user.engine.fhirClients().map(Self.summary)
    }

    func registerFHIRApp(name: String, redirectURI: String, confidential: Bool) async throws
        -> (app: FHIRAppSummary, secret: String?)
    {
        let registered = try await FHIRClientRegistration.register(
            name: name, redirectURI: redirectURI, confidential: confidential, engine: user.engine)
        return (Self.summary(registered.client), registered.secret)
    }

    func removeFHIRApp(id: String) async throws -> Bool {
        try await daemon.smart.remove(id, engine: user.engine)
    }

    func smartConsent(_ parameters: [String: String], authority: String) async throws -> SMARTConsent {
        do {
            let request = try await SMARTAuthorizationRequest(
                parameters, base: fhirBase(authority: authority), engine: user.engine)
            return .sheet(
                appName: request.client.name, answeredAt: request.redirectURI,
                scopes: request.scopes.map { SMARTScopeText(scope: $0, description: Self.describe($0)) })
        } catch let failure as SMARTAuthorizationFailure {
            return Self.consent(failure)
        }
    }

    func answerSMART(_ parameters: [String: String], authority: String, allowing: [String]?) async throws
        -> SMARTConsent
    {
        do {
            let request = try await SMARTAuthorizationRequest(
                parameters, base: fhirBase(authority: authority), engine: user.engine)
            return .answered(redirect: daemon.smart.answer(request, allowing: allowing, user: user.id).url)
        } catch let failure as SMARTAuthorizationFailure {
            return Self.consent(failure)
        }
    }

    func fhirBase(authority: String) -> String {
        FHIRRoutes.baseURL(authority: authority, configuration: daemon.configuration)
    }

    private static func consent(_ failure: SMARTAuthorizationFailure) -> SMARTConsent {
        switch failure {
        case .shown(let reason): .refused(reason)
        case .returned(let redirect): .answered(redirect: redirect.url)
        }
    }

    /// A scope in words (the resource scopes by ``FHIRAccess/describe(_:)``).
    private static func describe(_ scope: String) -> String {
        switch scope {
        case "offline_access": "Keep reading until you remove the app"
        case "online_access": "Keep reading while you use the app"
        case "launch/patient": "Know that the record it reads is yours"
        default: FHIRAccess.describe(scope) ?? scope
        }
    }

    private static func summary(_ client: FHIRClientRecord) -> FHIRAppSummary {
        FHIRAppSummary(
            id: client.id, name: client.name, redirectURIs: client.redirectURIs,
            confidential: client.secretDigest != nil, created: Date(timeIntervalSince1970: client.created))
    }
}
