import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import OpenHealthKitModel

/// SMART Health Links' endpoints on healthd, open to anyone holding a link (docs/FHIR.md, "SMART Health Links"):
/// `POST /shl/<token>` answers the manifest (`application/json`), `GET /shl-file/<ticket>` a file its manifest
/// listed (`application/jose`). Refusals are JSON: 400 (413 for a body over 16 KB) `{"error"}`, 401 `{"remainingAttempts"}` for a missing or
/// wrong passcode, 404 `{"error"}` for every link that does not answer, whatever the reason. Viewers in a browser
/// call from pages of their own, so both answer any origin (CORS) and the manifest's preflight is allowed; no
/// cookie or credential is ever read here.
struct HealthLinkRoutes {
    let configuration: DaemonConfiguration
    let links: HealthLinks
    let users: UserStates

    /// The largest manifest request read: a recipient, a passcode and a number.
    static let maximumBodySize = 16 << 10

    func add(to router: Router<BasicRequestContext>) {
        let manifest = RouterPath("\(HealthLinks.manifestPath)/:token")
        router.post(manifest) { [self] request, context in
            await answer {
                let body: ByteBuffer
                do {
                    body = try await request.body.collect(upTo: Self.maximumBodySize)
                } catch {
                    throw HealthLinkRefusal.tooLarge("The request is larger than \(Self.maximumBodySize) bytes")
                }
                guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
                    throw HealthLinkRefusal.badRequest("Send the request as application/json")
                }
                let asked = try HealthLinkManifestRequest(json: Data(body.readableBytesView))
                let manifest = try await links.manifest(
                    token: context.parameters.get("token") ?? "", asked, users: users,
                    origin: FHIRRoutes.origin(authority: request.head.authority, configuration: configuration))
                return Self.response(
                    try JSONSerialization.data(
                        withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes]),
                    contentType: "application/json", status: .ok)
            }
        }
        router.on(manifest, method: .options) { _, _ in
            var response = Self.response(Data(), contentType: "text/plain", status: .noContent)
            response.headers[.accessControlAllowMethods] = "POST"
            response.headers[.accessControlAllowHeaders] = "Content-Type"
            response.headers[.accessControlMaxAge] = "600"
            return response
        }
        router.get("\(HealthLinks.filePath)/:ticket") { [self] _, context in
            await answer {
                let file = try await links.file(ticket: context.parameters.get("ticket") ?? "", users: users)
                return Self.response(Data(file.utf8), contentType: "application/jose", status: .ok)
            }
        }
    }

    /// `body`'s response, or its refusal's; a failure of the store is a 503 or 500 in the same JSON shape.
    private func answer(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let refusal as HealthLinkRefusal {
            let (status, object): (HTTPResponse.Status, [String: Any]) =
                switch refusal {
                case .badRequest(let message): (.badRequest, ["error": message])
                case .tooLarge(let message): (.contentTooLarge, ["error": message])
                case .passcode(let remaining): (.unauthorized, ["remainingAttempts": remaining])
                case .notActive: (.notFound, ["error": "No SMART Health Link answers here"])
                }
            return Self.json(object, status: status)
        } catch {
            let failure = APIError(from: error)
            return Self.json(["error": failure.error.message], status: failure.status)
        }
    }

    private static func json(_ object: [String: Any], status: HTTPResponse.Status) -> Response {
        response(
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(),
            contentType: "application/json", status: status)
    }

    private static func response(_ data: Data, contentType: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType, .cacheControl: "no-store", .accessControlAllowOrigin: "*"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
