import Foundation
import HTTPTypes
import HealthWeb
import Hummingbird
import NIOCore
import OpenHealthKitExchange
import OpenHealthKitModel

/// SMART App Launch's endpoints on healthd (docs/FHIR.md, "SMART on FHIR"): discovery
/// (`[base]/.well-known/smart-configuration`) and the token endpoint (`[base]/auth/token`). The authorization
/// endpoint is Health's consent sheet (`/smart/authorize`): the owner answers there, signed in.
struct SMARTRoutes {
    let configuration: DaemonConfiguration
    let smart: SMARTAuthorizationServer
    let users: UserStates

    /// The token endpoint's path under `[base]`.
    static let tokenPath = "auth/token"
    /// The largest token request read: a few tokens and names.
    static let maximumFormSize = 16 << 10

    func add(to fhir: RouterGroup<BasicRequestContext>) {
        fhir.get(".well-known/smart-configuration") { [self] request, _ in
            let base = FHIRRoutes.baseURL(of: request, configuration: configuration)
            return Self.json(Self.configuration(base: base), status: .ok)
        }
        fhir.post(RouterPath(Self.tokenPath)) { [self] request, _ in
            do {
                let buffer: ByteBuffer
                do {
                    buffer = try await request.body.collect(upTo: Self.maximumFormSize)
                } catch {
                    throw SMARTTokenError.invalidRequest("The request is larger than \(Self.maximumFormSize) bytes")
                }
                guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true,
                    let form = FormData(String(decoding: buffer.readableBytesView, as: UTF8.self)).singleValues
                else {
                    throw SMARTTokenError.invalidRequest(
                        "Send the parameters once each, as application/x-www-form-urlencoded")
                }
                let answer = try await smart.token(
                    form, authorization: request.headers[.authorization],
                    patientID: { FHIRServer.patientID(user: String($0)) },
                    engines: { [users] in try await users.state(for: $0)?.engine })
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                return Self.response(try encoder.encode(answer), status: .ok)
            } catch let error as SMARTTokenError {
                var response = Self.json(error.body, status: HTTPResponse.Status(code: error.status))
                // RFC 6749, 5.2: a client that authenticated with a header is told the scheme it failed.
                if error == .invalidClient, request.headers[.authorization]?.lowercased().hasPrefix("basic ") == true {
                    response.headers[.wwwAuthenticate] = "Basic realm=\"healthd\""
                }
                return response
            } catch {
                // The store failed: OAuth's shape still, never the FHIR API's.
                let failure = APIError(from: error)
                return Self.json(
                    ["error": "server_error", "error_description": failure.error.message], status: failure.status)
            }
        }
    }

    /// The authorization endpoint (Health's consent sheet) and the token endpoint of the FHIR API at `base`.
    static func endpoints(base: String) -> (authorize: String, token: String) {
        (String(base.dropLast(FHIRRoutes.base.count)) + WebRoutes.smartAuthorizePath, base + "/" + tokenPath)
    }

    /// The discovery document (SMART App Launch v2, "Metadata").
    static func configuration(base: String) -> [String: Any] {
        let endpoints = endpoints(base: base)
        return [
            "authorization_endpoint": endpoints.authorize,
            "token_endpoint": endpoints.token,
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "response_types_supported": ["code"],
            "code_challenge_methods_supported": ["S256"],
            "scopes_supported": [
                "patient/*.rs", "patient/Patient.rs", "patient/Observation.rs", "patient/Device.rs", "user/*.rs",
                "launch/patient", "offline_access", "online_access",
            ],
            "capabilities": [
                "launch-standalone", "client-public", "client-confidential-symmetric", "context-standalone-patient",
                "permission-offline", "permission-online", "permission-patient", "permission-user", "permission-v1",
                "permission-v2",
            ],
        ]
    }

    private static func json(_ value: Any, status: HTTPResponse.Status) -> Response {
        response((try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data(), status: status)
    }

    private static func response(_ data: Data, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "application/json", .cacheControl: "no-store", HTTPField.Name("Pragma")!: "no-cache",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
