import Foundation
import HTTPTypes
import Hummingbird
import OpenHealthKitModel

/// FHIR Apps, from Sources: the outside apps registered to read the owner's data through healthd's FHIR API with
/// SMART on FHIR (docs/FHIR.md), each with its `client_id`, redirect URI and a Remove button that ends every token it
/// holds; and the form that registers one (`hk fhir-clients add` does the same), whose answer shows a confidential
/// app's secret, that once. Both forms are audited (`fhir.client.add`, `fhir.client.remove`, the id as subject).
struct FHIRAppsPage: Sendable {
    struct App: Sendable {
        let id: String
        let name: String
        let redirectURIs: String
        let kind: String
        let created: String
        let removePath: String
    }

    /// The app the form just registered.
    struct Added: Sendable {
        let id: String
        let name: String
        let secret: String?
    }

    let chrome: Chrome
    let apps: [App]
    /// The form's fields as last sent, and why it was refused.
    let formName: String
    let formRedirectURI: String
    let formError: String?
    let added: Added?
    /// Where apps find the server: the FHIR base URL and SMART's discovery document.
    let fhirBase: String
}

extension HealthWebApp {
    func addFHIRAppRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.fhirApps) { [self] web in
            try await fhirAppsPage(web)
        }

        action(router, WebRoutes.fhirApps) { [self] web in
            let host = web.host
            let registered: (app: FHIRAppSummary, secret: String?)
            do {
                registered = try await host.registerFHIRApp(
                    name: web.form["name"] ?? "", redirectURI: web.form["redirectURI"] ?? "",
                    confidential: web.form["confidential"] != nil)
            } catch let error as HKError where error.code == .errorInvalidArgument {
                return try await fhirAppsPage(
                    web, form: (web.form, MessageText.forPeople(error.message)), status: .badRequest)
            }
            await host.audit("fhir.client.add", types: [], count: 0, errorCode: nil, subject: registered.app.id)
            return try await fhirAppsPage(
                web,
                added: FHIRAppsPage.Added(id: registered.app.id, name: registered.app.name, secret: registered.secret))
        }

        action(router, WebRoutes.fhirAppRemove) { [self] web in
            let id = try web.parameter("id")
            guard try await web.host.removeFHIRApp(id: id) else { throw WebError.notFound("No FHIR app has this id.") }
            await web.host.audit("fhir.client.remove", types: [], count: 0, errorCode: nil, subject: id)
            return redirect(
                web, to: WebRoutes.fhirApps.path(), message: "The app is removed: its tokens no longer read anything.")
        }
    }

    private func fhirAppsPage(
        _ web: WebRequest, form: (fields: FormData, error: String)? = nil, added: FHIRAppsPage.Added? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let dates = try await pageDates(web.host)
        let apps = try await web.host.fhirApps().map { app in
            FHIRAppsPage.App(
                id: app.id, name: app.name, redirectURIs: app.redirectURIs.joined(separator: ", "),
                kind: app.confidential ? "Confidential (with a secret)" : "Public (PKCE)",
                created: dates.dateTime(app.created), removePath: WebRoutes.fhirAppRemove.path(app.id))
        }
        return await renderer.html(
            "fhir-apps",
            FHIRAppsPage(
                chrome: chrome(web, title: "FHIR Apps", section: .sources), apps: apps,
                formName: form?.fields["name"] ?? "", formRedirectURI: form?.fields["redirectURI"] ?? "",
                formError: form?.error, added: added,
                fhirBase: web.host.fhirBase(authority: web.request.head.authority ?? "")),
            status: status)
    }
}
