import Foundation
import Hummingbird
import OpenHealthKitEngine

/// SMART on FHIR's authorization endpoint (`/smart/authorize`, docs/FHIR.md): the consent sheet, in the style of the
/// permission sheet. An app the owner registered sends their browser here; Health asks them to sign in first (the
/// sheet's address, query and all, is where signing in returns), names the app and where it will be answered, and
/// lists each scope it asks for with its own switch, off until turned on; Allow grants the scopes turned on, Don't
/// Allow none. Either way the browser goes back to the app (`?code=` or `?error=access_denied`). A request healthd
/// cannot check is shown as an error page and sent nowhere.
struct SMARTConsentPage: Sendable {
    struct Scope: Sendable {
        let scope: String
        let description: String
        let elementID: String
    }

    /// A field of the request, posted back with the answer.
    struct Field: Sendable {
        let name: String
        let value: String
    }

    let chrome: Chrome
    let appName: String
    let answeredAt: String
    let scopes: [Scope]
    let fields: [Field]
    let action: String
}

extension HealthWebApp {
    /// The request's parameters, as the sheet's query gives them or its form posts them back.
    static let smartParameters = [
        "response_type", "client_id", "redirect_uri", "scope", "state", "aud", "code_challenge",
        "code_challenge_method",
    ]

    /// `scheme://host[:port]` of a URL: where the sheet's answer may send the browser (its Content-Security-Policy's
    /// `form-action` must allow the redirect); nil for a URL without one.
    static func origin(of url: String) -> String? {
        // Only a plain host name or address goes into the header: nothing that could end the directive.
        guard let components = URLComponents(string: url), let scheme = components.scheme,
            scheme == "https" || scheme == "http", let host = components.percentEncodedHost,
            host.wholeMatch(of: /[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\]/) != nil
        else { return nil }
        return scheme + "://" + host + (components.port.map { ":\($0)" } ?? "")
    }

    /// The request's parameters from a form or a query, each at most once.
    private static func smartRequest(_ fields: FormData) throws -> [String: String] {
        var parameters: [String: String] = [:]
        for name in smartParameters {
            let values = fields.all(name)
            guard values.count <= 1 else { throw WebError.badRequest("The request gives \(name) more than once.") }
            parameters[name] = values.first
        }
        return parameters
    }

    func addSMARTConsentRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.smartAuthorize) { [self] web in
            // Form-encoded, as OAuth writes it: `+` is a space (between scopes).
            let parameters = try Self.smartRequest(FormData(web.request.uri.query ?? ""))
            switch try await web.host.smartConsent(parameters, authority: web.request.head.authority ?? "") {
            case .refused(let reason):
                throw WebError.badRequest(reason)
            case .answered(let redirect):
                return Response.redirect(to: redirect, type: .found)
            case .sheet(let appName, let answeredAt, let scopes):
                return await renderer.html(
                    "smart-consent",
                    SMARTConsentPage(
                        chrome: chrome(web, title: "Allow \(appName)?", section: .sources, pendingBanner: false),
                        appName: appName, answeredAt: answeredAt,
                        scopes: scopes.enumerated().map { index, scope in
                            SMARTConsentPage.Scope(
                                scope: scope.scope, description: scope.description, elementID: "scope-\(index)")
                        },
                        fields: Self.smartParameters.compactMap { name in
                            parameters[name].map { SMARTConsentPage.Field(name: name, value: $0) }
                        },
                        action: WebRoutes.smartAuthorize.path()),
                    formTarget: Self.origin(of: answeredAt))
            }
        }

        action(router, WebRoutes.smartAuthorize) { [self] web in
            let parameters = try Self.smartRequest(web.form)
            let allowing = web.form["answer"] == "allow" ? web.form.all("grant") : nil
            switch try await web.host.answerSMART(
                parameters, authority: web.request.head.authority ?? "", allowing: allowing)
            {
            case .refused(let reason): throw WebError.badRequest(reason)
            case .sheet: throw WebError.badRequest("This request cannot be answered.")
            case .answered(let redirect):
                await web.host.audit(
                    allowing == nil ? "fhir.authorize.deny" : "fhir.authorize.allow", types: allowing ?? [], count: 0,
                    errorCode: nil, subject: parameters["client_id"])
                return Response.redirect(to: redirect, type: .normal)
            }
        }
    }
}
