import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif

/// The example's web page, on its own loopback address: the field, the Record button and the status label.
///
/// | Route | What |
/// | --- | --- |
/// | `GET /` | The page (`heart-rate.js` and `heart-rate.css` beside it) |
/// | `GET /state` | ``HeartRateScreen/State`` as JSON; the page asks every second |
/// | `POST /record` | `{"beatsPerMinute": "72", "sensorLocation": 1}` (JSON; `sensorLocation` optional, an `HKHeartRateSensorLocation` raw value); 204 once recorded or refused: the outcome is in the state |
///
/// The page answers only to this machine's names (a page of another site that rebinds its name to 127.0.0.1 gets
/// nothing), and `POST /record` needs a JSON body and, when the browser names one, this page's origin: another
/// site's form cannot send JSON, and its script cannot send it here without a CORS preflight this server never
/// allows.
struct HeartRatePage: Sendable {
    let model: HeartRateModel
    let screen: HeartRateScreen
    /// Where Health is, for the link to its permission requests.
    let healthAddress: URL?
    /// The host the server listens on, accepted in `Host` beside the loopback names.
    let host: String

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: LoopbackGuard(hostNames: ["127.0.0.1", "localhost", "::1", host.lowercased()]))
        router.get("/") { _, _ in
            Self.asset(PageAssets.html(healthAddress: healthAddress), type: "text/html; charset=utf-8")
        }
        router.get("/heart-rate.js") { _, _ in Self.asset(PageAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/heart-rate.css") { _, _ in Self.asset(PageAssets.style, type: "text/css; charset=utf-8") }
        router.get("/state") { _, _ in try Self.json(screen.state) }
        router.post("/record") { request, _ in
            let entry = try await Self.entry(request)
            await model.record(text: entry.beatsPerMinute, sensorLocation: try entry.location())
            return Response(status: .noContent)
        }
        return router
    }

    /// What the page posts.
    struct Entry: Decodable {
        var beatsPerMinute: String
        var sensorLocation: Int?

        func location() throws -> HKHeartRateSensorLocation? {
            guard let sensorLocation else { return nil }
            guard let location = HKHeartRateSensorLocation(rawValue: sensorLocation) else {
                throw HTTPError(.badRequest, message: "\(sensorLocation) is not a sensor location")
            }
            return location
        }
    }

    private static func entry(_ request: Request) async throws -> Entry {
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            throw HTTPError(.unsupportedMediaType, message: "Send the entry as JSON")
        }
        let body = try await request.body.collect(upTo: 4096)
        do {
            return try JSONDecoder().decode(Entry.self, from: Data(body.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "The entry is not {\"beatsPerMinute\": \"...\"}")
        }
    }

    /// The host name of a `Host` header: `127.0.0.1:8790` → `127.0.0.1`, `[::1]:8790` → `::1`, lowercased.
    static func hostName(of authority: String) -> String {
        let name: Substring
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            name = authority[authority.index(after: authority.startIndex)..<end]
        } else {
            name = authority.split(separator: ":", maxSplits: 1).first ?? ""
        }
        return name.lowercased()
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func json(_ state: HeartRateScreen.State) throws -> Response {
        asset(String(decoding: try JSONEncoder().encode(state), as: UTF8.self), type: "application/json")
    }
}

/// Refuses requests under another host name or, for posts, from another origin, and sets the headers every answer
/// carries: a strict content security policy (scripts and styles from this server only), no framing, no caching.
struct LoopbackGuard<Context: RequestContext>: RouterMiddleware {
    let hostNames: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority, hostNames.contains(HeartRatePage.hostName(of: authority)) else {
            throw HTTPError(.misdirectedRequest, message: "This page answers only on this machine")
        }
        if request.method == .post, let origin = request.headers[.origin], origin != "http://\(authority)" {
            throw HTTPError(.forbidden, message: "Posts come from this page only")
        }
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
