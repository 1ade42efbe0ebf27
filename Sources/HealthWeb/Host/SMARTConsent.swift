package import Foundation

/// A SMART on FHIR authorization request as Health's consent sheet shows it (docs/FHIR.md, "SMART on FHIR"); healthd
/// checks the request (``HealthWebHost/smartConsent(_:)``).
package enum SMARTConsent: Sendable, Equatable {
    /// The sheet: the app's name, where it will be answered, and each scope it asks for that can be granted.
    case sheet(appName: String, answeredAt: String, scopes: [SMARTScopeText])
    /// A request not put to the owner, and why: shown, never sent anywhere (its address is not known to be the app's).
    case refused(String)
    /// A request answered at once with an error, at the app's registered address.
    case answered(redirect: String)
}

/// A scope on the consent sheet: the scope itself and what it lets the app do, in words.
package struct SMARTScopeText: Sendable, Equatable {
    package let scope: String
    package let description: String

    package init(scope: String, description: String) {
        self.scope = scope
        self.description = description
    }
}

/// An outside app registered to read through the FHIR API, as Health lists it (never its secret).
package struct FHIRAppSummary: Sendable, Equatable {
    /// Its `client_id`.
    package let id: String
    package let name: String
    package let redirectURIs: [String]
    /// Whether it proves itself with a secret (else PKCE alone).
    package let confidential: Bool
    package let created: Date

    package init(id: String, name: String, redirectURIs: [String], confidential: Bool, created: Date) {
        self.id = id
        self.name = name
        self.redirectURIs = redirectURIs
        self.confidential = confidential
        self.created = created
    }
}
