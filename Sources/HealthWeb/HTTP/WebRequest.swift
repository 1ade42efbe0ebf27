import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitModel
import OpenHealthKitEngine

/// A session whose user is still served, with that user's host and imports: all a signed-in page may reach.
struct SignedIn: Sendable {
    let session: WebSession
    let host: any HealthWebHost
    let imports: ImportJobs
    let exports: ExportJobs<WebExportFormat>
}

/// A signed-in request to a page: the session, its user's host, the query and, for a form post, its fields (CSRF
/// token checked).
struct WebRequest: Sendable {
    let request: Request
    let context: BasicRequestContext
    let signedIn: SignedIn
    let form: FormData

    var session: WebSession { signedIn.session }
    /// The session's user's data, apps, audit log and permission requests.
    var host: any HealthWebHost { signedIn.host }
    /// The session's user's imports.
    var imports: ImportJobs { signedIn.imports }
    var exports: ExportJobs<WebExportFormat> { signedIn.exports }

    var query: FormData { FormData(request.uri.query ?? "") }
    var path: String { request.uri.path }

    func parameter(_ name: String) throws -> String {
        guard let value = context.parameters.get(name), !value.isEmpty else {
            throw WebError.notFound("Nothing is here")
        }
        return value.removingPercentEncoding ?? value
    }
}

extension HealthWebApp {
    typealias PageHandler = @Sendable (WebRequest) async throws -> Response

    static let sessionCookie = "health_session"

    /// A page only the signed-in owner may see; others are sent to the sign-in page.
    func page(_ router: Router<BasicRequestContext>, _ route: WebRoute, _ handler: @escaping PageHandler) {
        router.get(route.routerPath) { [self] request, context in
            await respond(request) {
                try checkHost(request)
                guard let signedIn = try await signedIn(request) else {
                    // Back to this page once signed in, its query too (the consent sheet's request is there).
                    return Response.redirect(to: WebRoutes.signIn(next: request.uri.description))
                }
                return try await handler(
                    WebRequest(request: request, context: context, signedIn: signedIn, form: FormData("")))
            }
        }
    }

    /// A form the signed-in owner posts: it must carry the session's CSRF token and, when the browser says where
    /// it comes from, come from this origin.
    func action(_ router: Router<BasicRequestContext>, _ route: WebRoute, _ handler: @escaping PageHandler) {
        router.post(route.routerPath) { [self] request, context in
            await respond(request) {
                let signedIn = try await postingSession(request)
                let form = try await readForm(request)
                guard let token = form["csrf"], constantTimeEqual(token, signedIn.session.csrfToken) else {
                    throw WebError(.forbidden, "This form has expired. Go back, reload the page and try again.")
                }
                return try await handler(
                    WebRequest(request: request, context: context, signedIn: signedIn, form: form))
            }
        }
    }

    /// The session of a form post from this site under this machine's name (its CSRF token is checked by the
    /// caller, which reads the form).
    func postingSession(_ request: Request) async throws -> SignedIn {
        try checkHost(request)
        try checkOrigin(request)
        guard let signedIn = try await signedIn(request) else {
            throw WebError(
                .forbidden,
                "Your session has ended (healthd restarted, you signed out, or the page was left open for "
                    + "12 hours). Sign in again, then repeat what you were doing.")
        }
        return signedIn
    }

    /// The request's live session, whatever its user's state (for error pages, which reach no user's data).
    func currentSession(_ request: Request) throws -> WebSession? {
        try request.cookies[Self.sessionCookie].flatMap { try sessions.session($0.value) }
    }

    /// The request's live session with its user's host; nil when there is none, or when its user is no longer
    /// served (removed), which ends the session at once.
    func signedIn(_ request: Request) async throws -> SignedIn? {
        guard let session = try currentSession(request) else { return nil }
        guard let host = try await users.host(ofUser: session.user) else {
            try sessions.end(session.id)
            return nil
        }
        return SignedIn(
            session: session, host: host, imports: imports(ofUser: session.user, host: host),
            exports: exports(ofUser: session.user, host: host))
    }

    func readForm(_ request: Request) async throws -> FormData {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumFormSize)
        } catch {
            throw WebError(.contentTooLarge, "The form is too large.")
        }
        return FormData(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    /// Pages answer only to this machine's names: a page fetched under another name (DNS rebinding) is refused.
    func checkHost(_ request: Request) throws {
        guard let authority = request.head.authority else {
            throw WebError.badRequest("The request names no host.")
        }
        guard users.hostNames.contains(Self.hostName(of: authority).lowercased()) else {
            throw WebError(.misdirectedRequest, "Health answers only at its own address.")
        }
    }

    /// A browser that names the page a post comes from (Origin) must name this site.
    func checkOrigin(_ request: Request) throws {
        guard let origin = request.headers[.origin], origin != "null" else { return }
        guard let authority = request.head.authority, origin == "http://" + authority else {
            throw WebError(.forbidden, "This form was sent from another site.")
        }
    }

    /// `127.0.0.1:8787` → `127.0.0.1`; `[::1]:8787` → `::1`.
    static func hostName(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.prefix { $0 != ":" })
    }

    /// Runs a page's work; a failure becomes an error page for people (never a stack trace or a JSON error).
    func respond(_ request: Request, _ work: () async throws -> Response) async -> Response {
        do {
            return try await work()
        } catch let error as WebError {
            return await errorPage(request, status: error.status, message: MessageText.forPeople(error.message))
        } catch let error as HKError where error.code == .errorDatabaseInaccessible {
            return await unavailablePage(request)
        } catch is StorageUnavailableError {
            return await unavailablePage(request)
        } catch let error as HKError {
            let status: HTTPResponse.Status = error.code == .errorInvalidArgument ? .badRequest : .internalServerError
            return await errorPage(request, status: status, message: MessageText.forPeople(error.message))
        } catch {
            return await errorPage(
                request, status: .internalServerError, message: "Health could not complete this. Try again.")
        }
    }

    /// Back to a page after a form, with a message for it (post/redirect/get).
    func redirect(_ web: WebRequest, to location: String, message: String? = nil, isError: Bool = false) -> Response {
        if let message { sessions.flash(web.session.id, message, isError: isError) }
        return Response.redirect(to: location)
    }
}
