import Foundation
import Hummingbird

/// Signing in with the owner secret (the one healthd printed on its first start and keeps in
/// `<store>.owner-secret`), or, when healthd serves many users, with a name and that user's secret; and signing out.
extension HealthWebApp {
    private static let signInCookie = "health_signin"
    /// The session cookie goes with every page and action of the site.
    private static let sessionCookieScope = "/"

    private struct SignInPage: Sendable {
        let token: String
        let next: String
        let error: String?
        let signedOut: Bool
        /// Whether the page asks for a name (healthd serves many users).
        let byName: Bool
        /// Where the owner secret is kept, beside the store.
        let secretFile: String
        let assetVersion = StaticAssets.version
        let links = PageLinks.shared
    }

    func addSignInRoutes(to router: Router<BasicRequestContext>) {
        router.get(WebRoutes.signIn.routerPath) { [self] request, _ in
            await respond(request) {
                try checkHost(request)
                let next = Self.localPath(FormData(request.uri.query ?? "")["next"])
                if try currentSession(request) != nil { return Response.redirect(to: next) }
                return await signInPage(
                    next: next, error: nil, signedOut: request.uri.query?.contains("signedout") ?? false, status: .ok)
            }
        }

        router.post(WebRoutes.signIn.routerPath) { [self] request, _ in
            await respond(request) {
                try checkHost(request)
                try checkOrigin(request)
                let form = try await readForm(request)
                let next = Self.localPath(form["next"])
                // The token of the page the form came from, also in a SameSite=Strict cookie: a sign-in form posted
                // from another site carries no cookie (login CSRF).
                guard let token = form["token"], let cookie = request.cookies[Self.signInCookie]?.value,
                    constantTimeEqual(token, cookie)
                else {
                    return await signInPage(
                        next: next, error: "The sign-in page had expired. Try again.", signedOut: false,
                        status: .forbidden)
                }
                // One answer for an unknown name and a wrong secret: the page does not say which names exist.
                let name = users.signsInByName ? (form["name"] ?? "") : nil
                guard let secret = form["secret"], let user = try await users.signIn(name: name, secret: secret)
                else {
                    let error =
                        users.signsInByName
                        ? "That name and secret do not match an account." : "That is not the owner secret."
                    return await signInPage(next: next, error: error, signedOut: false, status: .unauthorized)
                }
                let session = try sessions.create(user: user)
                if let zone = form["timeZone"].flatMap(TimeZone.init(identifier:)) {
                    await adoptBrowserTimeZone(zone, user: user)
                }
                var response = Response.redirect(to: next)
                response.setCookie(
                    Cookie(
                        name: Self.sessionCookie, value: session.id, path: Self.sessionCookieScope, httpOnly: true,
                        sameSite: .strict))
                response.setCookie(Self.expired(Self.signInCookie))
                return response
            }
        }

        action(router, WebRoutes.signOut) { [self] web in
            try sessions.end(web.session.id)
            var response = Response.redirect(to: WebRoutes.signIn.path() + "?signedout")
            response.setCookie(Self.expired(Self.sessionCookie))
            return response
        }
    }

    private func signInPage(next: String, error: String?, signedOut: Bool, status: HTTPResponse.Status) async
        -> Response
    {
        let token = WebSession.randomToken()
        var response = await renderer.html(
            "signin",
            SignInPage(
                token: token, next: next, error: error, signedOut: signedOut, byName: users.signsInByName,
                secretFile: users.ownerSecretFileName),
            status: status)
        response.setCookie(
            Cookie(
                name: Self.signInCookie, value: token, path: WebRoutes.signIn.path(), httpOnly: true, sameSite: .strict)
        )
        return response
    }

    /// Until a time zone is chosen on Me, the days follow the browser's (the sign-in form sends it), not healthd's:
    /// a person in Paris signing in to a healthd that runs in UTC sees Paris days from the first page.
    private func adoptBrowserTimeZone(_ zone: TimeZone, user: Int64) async {
        do {
            guard let host = try await users.host(ofUser: user) else { return }
            let store = host.store
            let adopted = try await blocking { () -> Bool in
                guard try store.ownerTimeZone() == nil else { return false }
                try store.setOwnerTimeZone(zone)
                return true
            }
            if adopted { await host.audit("timeZone.set", types: [], count: 0, errorCode: nil) }
        } catch {
            // Signing in does not depend on it: the days follow healthd's zone until one is chosen.
        }
    }

    private static func expired(_ name: String) -> Cookie {
        Cookie(
            name: name, value: "", maxAge: 0,
            path: name == signInCookie ? WebRoutes.signIn.path() : Self.sessionCookieScope, httpOnly: true,
            sameSite: .strict)
    }

    /// Where to go after signing in: a path on this site, never another site. Only a path (and query) written in the
    /// characters a URL holds as they are is taken (ASCII letters and digits, `-._~!$&'()*+,;=:@/?%`): nothing a
    /// browser strips or reads as a slash (control characters such as a tab or a newline, spaces, backslashes), so
    /// what the browser follows is what was checked, and no `//` at its start (another host). Else the home page.
    static func localPath(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), next.unicodeScalars.allSatisfy(isPathCharacter)
        else { return WebRoutes.summary.path() }
        return next
    }

    /// The characters of a URL's path and query that need no escaping (RFC 3986 `pchar`, `/` and `?`).
    private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (CharacterSet.alphanumerics.contains(scalar) || "-._~!$&'()*+,;=:@/?%".unicodeScalars.contains(scalar))
    }
}
