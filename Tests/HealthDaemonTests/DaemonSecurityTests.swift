import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// Who may call what: the owner secret, app credentials (forged, expired, replaced, revoked) and provisioning.
@Suite struct DaemonSecurityTests {
    @Test func everyAppCallNeedsAWorkingCredential() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            #expect(try await daemon.app(credential, "GET", "/v1/anchor").status == 200)

            for token in [
                nil, "", "garbage", daemon.ownerSecret, Self.forged(credential, app: "com.example.other"),
                Self.resigned(credential),
            ] {
                let answer = try await daemon.app(token, "GET", "/v1/anchor")
                #expect(answer.status == 401)
                #expect(answer.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue)
                #expect(answer.error?.error.domain == "com.apple.healthkit")
            }
            // An app's credential does not open the owner's routes.
            #expect(try await daemon.app(credential, "GET", "/v1/owner/apps").status == 401)
            #expect(try await HTTP.call("GET", daemon.url("/v1/owner/apps")).status == 401)
        }
    }

    /// The apps' routes and the owner's are two groups whose middleware authenticates before any handler runs: a
    /// route registered outside its group would answer this probe with something other than 401.
    @Test func everyRouteButThePublicOnesRefusesNobodyAndTheOtherKindOfCaller() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            let open = Set([WireRoutes.openAPI.endpoint, WireRoutes.status.endpoint, WireRoutes.webApp.endpoint])
            for endpoint in WireRoutes.all where !open.contains(endpoint) {
                let path = endpoint.template.replacingOccurrences(
                    of: #"\{[^}]*\}"#, with: UUID().uuidString, options: .regularExpression)
                let method = endpoint.method.rawValue
                #expect(try await daemon.app(nil, method, path).status == 401, "\(endpoint) without a credential")
                let other =
                    endpoint.template.hasPrefix("/v1/owner/")
                    ? try await daemon.app(credential, method, path) : try await daemon.owner(method, path)
                #expect(other.status == 401, "\(endpoint) with the other kind of caller's credential")
                #expect(other.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue, "\(endpoint)")
            }
        }
    }

    @Test func expiredReplacedAndRevokedCredentialsStopWorking() async throws {
        try await withDaemon { daemon in
            // A credential with a lifetime works within it, and one whose lifetime has passed does not. The two are
            // separate apps so that no step depends on how fast a loaded machine gets from one call to the next.
            let lasting = try await daemon.register(Apps.app("com.example.lasting"), lifetime: 3600)
            #expect(try await daemon.app(lasting, "GET", "/v1/anchor").status == 200)
            // Valid for 0 to 1 second (issue and expiry times are whole seconds): expired after the wait below.
            let shortLived = try await daemon.register(Apps.app("com.example.brief"), lifetime: 1)
            try await Task.sleep(for: .milliseconds(2100))
            #expect(try await daemon.app(shortLived, "GET", "/v1/anchor").status == 401)

            let first = try await daemon.register(Apps.app())
            let second = try await daemon.register(Apps.app())
            #expect(try await daemon.app(first, "GET", "/v1/anchor").status == 401)
            #expect(try await daemon.app(second, "GET", "/v1/anchor").status == 200)

            let revoked = try await daemon.owner("DELETE", "/v1/owner/apps/com.example.app")
            #expect(revoked.status == 200)
            #expect(try revoked.decode(WireRegisteredApp.self).revokedAt != nil)
            let refused = try await daemon.app(second, "GET", "/v1/anchor")
            #expect(refused.status == 401)
            #expect(refused.error?.error.message == "The credential was revoked")
            #expect(try await daemon.owner("DELETE", "/v1/owner/apps/com.example.unknown").status == 404)

            let again = try await daemon.register(Apps.app())
            #expect(try await daemon.app(again, "GET", "/v1/anchor").status == 200)
        }
    }

    @Test func registrationFollowsHealthKitsProvisioningRules() async throws {
        try await withDaemon { daemon in
            let wildcard = try await daemon.registration(
                AppManifest(bundleIdentifier: "com.example.*", shareUsageDescription: "Reads."))
            #expect(wildcard.status == 422)
            #expect(
                wildcard.error?.error.message
                    == "The bundle identifier com.example.* is a wildcard App ID; HealthKit requires an explicit App ID."
            )

            let unentitled = try await daemon.registration(
                AppManifest(
                    bundleIdentifier: "com.example.plain", shareUsageDescription: "Reads.",
                    hasHealthKitEntitlement: false))
            #expect(unentitled.status == 422)
            #expect(unentitled.error?.error.message == "Missing com.apple.developer.healthkit entitlement.")
            #expect(unentitled.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue)

            let undescribed = try await daemon.registration(AppManifest(bundleIdentifier: "com.example.silent"))
            #expect(undescribed.status == 422)
            #expect(
                undescribed.error?.error.message.contains(
                    "NSHealthShareUsageDescription or NSHealthUpdateUsageDescription") == true)

            let blank = try await daemon.registration(
                AppManifest(bundleIdentifier: "com.example.blank", shareUsageDescription: "  "))
            #expect(blank.status == 422)
            #expect(
                blank.error?.error.message == "The string \"  \" is an invalid value for NSHealthShareUsageDescription")

            let notAPlist = try await daemon.owner(
                "POST", "/v1/owner/apps", json: ["infoPlist": "hello", "entitlements": "world"])
            #expect(notAPlist.status == 422)
            #expect(try await daemon.owner("GET", "/v1/owner/apps").decode(WireRegisteredApps.self).apps.isEmpty)
        }
    }

    @Test func theOwnerSecretFileAndTheKeyAreReadableByTheOwnerOnly() async throws {
        try await withDaemon { daemon in
            for suffix in ["", ".owner-secret", ".credential-key"] {
                let attributes = try FileManager.default.attributesOfItem(atPath: daemon.storePath + suffix)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            }
            #expect(Data(base64Encoded: Self.base64(daemon.ownerSecret))?.count == 32)
        }
    }

    /// The credential with other claims and the original signature.
    static func forged(_ credential: String, app: String) -> String {
        let parts = credential.split(separator: ".").map(String.init)
        var claims = try! JSONSerialization.jsonObject(with: Data(base64Encoded: base64(parts[1]))!) as! [String: Any]
        claims["app"] = app
        let payload = try! JSONSerialization.data(withJSONObject: claims).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                of: "=", with: "")
        return [parts[0], payload, parts[2]].joined(separator: ".")
    }

    /// The credential with a signature made with another key.
    static func resigned(_ credential: String) -> String {
        let parts = credential.split(separator: ".").map(String.init)
        return [parts[0], parts[1], String(repeating: "A", count: 43)].joined(separator: ".")
    }

    static func base64(_ base64URL: String) -> String {
        let text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return text + String(repeating: "=", count: (4 - text.count % 4) % 4)
    }
}
