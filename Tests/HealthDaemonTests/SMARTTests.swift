import Crypto
import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// SMART App Launch (standalone) against healthd: an app the owner registered in Health asks for access, the owner
/// answers on the consent sheet, the app exchanges its code (PKCE) for tokens and reads what its scopes grant, on
/// healthd's SQLite file and on PostgreSQL. (Tests/e2e runs the same flow in a browser with a FHIR client library.)
@Suite struct SMARTTests {
    static let redirectURI = "http://127.0.0.1:9/callback"
    let fhir = FHIRAPITests()

    /// An app registered in Health: its client ID, and its secret when confidential.
    struct App {
        let id: String
        let secret: String?
    }

    /// The owner's signed-in Health, and the app's side of the flow.
    struct Flow {
        let daemon: DaemonHarness
        let cookie: String
        var base: String { daemon.address.absoluteString + "/fhir/r4" }

        init(_ daemon: DaemonHarness) async throws {
            self.daemon = daemon
            cookie = try await WebClient.signIn(daemon)
        }

        func register(confidential: Bool = false, redirectURI: String = SMARTTests.redirectURI) async throws -> App {
            let page = try await WebClient.get("/sources/fhir-apps", daemon, cookie: cookie)
            var fields = [
                ("csrf", try #require(WebClient.csrf(in: page.text))), ("name", "Clinic Viewer"),
                ("redirectURI", redirectURI),
            ]
            if confidential { fields.append(("confidential", "on")) }
            let added = try await WebClient.post("/sources/fhir-apps", daemon, cookie: cookie, fields: fields)
            #expect(added.status == 200, "\(added.text)")
            return App(
                id: try #require(Self.element("added-client-id", in: added.text)),
                secret: Self.element("fhir-app-secret", in: added.text))
        }

        /// The authorization request's query.
        func request(_ app: App, scope: String, challenge: String, redirectURI: String = SMARTTests.redirectURI)
            -> [(String, String)]
        {
            [
                ("response_type", "code"), ("client_id", app.id), ("redirect_uri", redirectURI), ("scope", scope),
                ("state", "s-42"), ("aud", base), ("code_challenge", challenge), ("code_challenge_method", "S256"),
            ]
        }

        /// Sends the browser to the consent sheet and answers it: Allow with every switch on (`allowing`), or Don't
        /// Allow. Where the browser is sent back.
        func answer(_ request: [(String, String)], allowing: Bool) async throws -> URLComponents {
            let sheet = try await WebClient.get("/smart/authorize?" + Self.query(request), daemon, cookie: cookie)
            #expect(sheet.status == 200, "\(sheet.text)")
            var fields = request + [("csrf", try #require(WebClient.csrf(in: sheet.text)))]
            fields.append(("answer", allowing ? "allow" : "deny"))
            if allowing {
                for switched in Self.values(of: "grant", in: sheet.text) { fields.append(("grant", switched)) }
            }
            let answered = try await WebClient.post("/smart/authorize", daemon, cookie: cookie, fields: fields)
            #expect(answered.status == 303, "\(answered.text)")
            let location = try #require(answered.location)
            return try #require(URLComponents(string: location))
        }

        /// A code for the scopes, allowed; and its verifier.
        func code(_ app: App, scope: String) async throws -> (code: String, verifier: String) {
            let verifier = SMARTTests.verifier()
            let back = try await answer(
                request(app, scope: scope, challenge: SMARTTests.challenge(verifier)), allowing: true)
            #expect(back.queryItems?.first { $0.name == "state" }?.value == "s-42")
            return (try #require(back.queryItems?.first { $0.name == "code" }?.value), verifier)
        }

        /// A call of the token endpoint.
        func token(_ fields: [(String, String)], basic: (String, String)? = nil) async throws
            -> (status: Int, json: [String: Any])
        {
            var headers = ["Content-Type": "application/x-www-form-urlencoded"]
            if let basic {
                headers["Authorization"] = "Basic " + Data("\(basic.0):\(basic.1)".utf8).base64EncodedString()
            }
            let answer = try await HTTP.call(
                "POST", daemon.url("/fhir/r4/auth/token"), body: Data(Self.query(fields).utf8), headers: headers)
            return (answer.status, try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]))
        }

        /// Tokens for the scopes, by the whole flow.
        func tokens(_ app: App, scope: String) async throws -> [String: Any] {
            let (code, verifier) = try await code(app, scope: scope)
            let answer = try await token([
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", SMARTTests.redirectURI),
                ("code_verifier", verifier), ("client_id", app.id),
            ])
            #expect(answer.status == 200, "\(answer.json)")
            return answer.json
        }

        /// A FHIR read with a token.
        func read(_ path: String, token: String) async throws -> HTTPAnswer {
            try await HTTP.call("GET", daemon.url("/fhir/r4/" + path), bearer: token)
        }

        static func query(_ fields: [(String, String)]) -> String {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
                .joined(separator: "&")
        }

        /// The values of a page's inputs named `name`, HTML's escapes undone.
        static func values(of name: String, in html: String) -> [String] {
            html.matches(of: try! Regex("name=\"\(name)\" value=\"([^\"]*)\"")).compactMap {
                $0.output[1].substring.map {
                    String($0).replacingOccurrences(of: "&#x2F;", with: "/").replacingOccurrences(
                        of: "&amp;", with: "&"
                    )
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#x3D;", with: "=")
                }
            }
        }

        static func element(_ id: String, in html: String) -> String? {
            guard let range = html.range(of: "id=\"\(id)\">[^<]+<", options: .regularExpression) else { return nil }
            return String(html[range].dropFirst("id=\"\(id)\">".count).dropLast())
        }
    }

    static func verifier() -> String {
        Data((0..<48).map { _ in UInt8.random(in: 0...255) }).base64URL
    }

    static func challenge(_ verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URL
    }

    static let heartRates = "patient/Observation.rs?code=http://loinc.org|8867-4"

    // MARK: Discovery

    @Test func discoveryNamesTheEndpointsAndWhatTheServerSupports() async throws {
        try await withDaemon { daemon in
            let answer = try await daemon.app(nil, "GET", "/fhir/r4/.well-known/smart-configuration")
            #expect(answer.status == 200)
            let configuration = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(
                configuration["authorization_endpoint"] as? String == daemon.address.absoluteString + "/smart/authorize"
            )
            #expect(configuration["token_endpoint"] as? String == daemon.address.absoluteString + "/fhir/r4/auth/token")
            #expect(configuration["code_challenge_methods_supported"] as? [String] == ["S256"])
            let capabilities = Set(configuration["capabilities"] as? [String] ?? [])
            #expect(
                capabilities.isSuperset(of: [
                    "launch-standalone", "client-public", "client-confidential-symmetric", "permission-v2",
                ]))
        }
    }

    // MARK: Access

    @Test(arguments: FHIRAPITests.backends)
    func anAllowedAppReadsOnlyWhatItsScopesGrant(_ backend: StoreBackend) async throws {
        let beat = fhir.beat(60, at: 0), walk = fhir.stepCount(100, at: 0)
        try await fhir.withStore(backend, [beat, walk]) { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let tokens = try await flow.tokens(app, scope: Self.heartRates + " launch/patient offline_access")
            let access = try #require(tokens["access_token"] as? String)
            #expect(tokens["token_type"] as? String == "Bearer")
            #expect(tokens["refresh_token"] is String)
            #expect(tokens["patient"] as? String == (try await fhir.patientID(daemon)))
            let found = try await flow.read("Observation", token: access)
            #expect(found.status == 200, "\(found.text)")
            let ids = (try JSON(found)["entry"] as? [[String: Any]] ?? []).compactMap {
                ($0["resource"] as? [String: Any])?["id"] as? String
            }
            #expect(ids == [beat.fhirID])
            #expect(try await flow.read("Observation/\(walk.fhirID)", token: access).status == 404)
            #expect(try await flow.read("Observation/\(beat.fhirID)", token: access).status == 200)
            let patient = try await flow.read("Patient", token: access)
            #expect(patient.status == 403)
            #expect(try Outcome(patient).code == "forbidden")
            // Its bulk export holds what it may search, and only it sees the export.
            let kickOff = try await HTTP.call(
                "GET", daemon.url("/fhir/r4/$export"), bearer: access, headers: ["Prefer": "respond-async"])
            #expect(kickOff.status == 202, "\(kickOff.text)")
            let status = fhir.path(of: try #require(kickOff.contentLocation), on: daemon)
            var finished = kickOff
            try await waitUntil("the export to finish") {
                finished = try await HTTP.call("GET", daemon.url(status), bearer: access)
                return finished.status != 202
            }
            let output = try #require(try JSON(finished)["output"] as? [[String: Any]])
            #expect(output.compactMap { $0["type"] as? String } == ["Observation"])
            let file = fhir.path(of: try #require(output.first?["url"] as? String), on: daemon)
            let lines = try await HTTP.call("GET", daemon.url(file), bearer: access).text.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(beat.fhirID))
            #expect(try await daemon.owner("GET", status).status == 404)
        }
    }

    @Test func aNarrowSearchScopeAndAWideReadScopeDoNotMakeAWideSearch() async throws {
        let beat = fhir.beat(60, at: 0), walk = fhir.stepCount(100, at: 0)
        try await fhir.withStore(.remote, [beat, walk]) { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let tokens = try await flow.tokens(
                app, scope: "patient/Observation.s?code=http://loinc.org|8867-4 patient/Observation.rud")
            #expect(
                tokens["scope"] as? String == "patient/Observation.s?code=http://loinc.org|8867-4 patient/Observation.r"
            )
            let access = try #require(tokens["access_token"] as? String)
            let found = try await flow.read("Observation", token: access)
            let ids = (try JSON(found)["entry"] as? [[String: Any]] ?? []).compactMap {
                ($0["resource"] as? [String: Any])?["id"] as? String
            }
            #expect(ids == [beat.fhirID])
            #expect(try await flow.read("Observation/\(walk.fhirID)", token: access).status == 200)
        }
    }

    @Test func aCodeWorksOnceWithItsVerifierAndRedirectURI() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let (code, verifier) = try await flow.code(app, scope: "patient/*.rs")
            let base = [("grant_type", "authorization_code"), ("code", code), ("client_id", app.id)]
            let wrongVerifier = try await flow.token(
                base + [("redirect_uri", Self.redirectURI), ("code_verifier", Self.verifier())])
            #expect(wrongVerifier.status == 400 && wrongVerifier.json["error"] as? String == "invalid_grant")
            let wrongRedirect = try await flow.token(
                base + [("redirect_uri", "http://127.0.0.1:9/other"), ("code_verifier", verifier)])
            #expect(wrongRedirect.status == 400 && wrongRedirect.json["error"] as? String == "invalid_grant")
            let right = base + [("redirect_uri", Self.redirectURI), ("code_verifier", verifier)]
            #expect(try await flow.token(right).status == 200)
            let again = try await flow.token(right)
            #expect(again.status == 400 && again.json["error"] as? String == "invalid_grant")
        }
    }

    @Test func refreshTokensRotateAndAReusedOneEndsEveryRefreshToken() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let first = try #require(
                try await flow.tokens(app, scope: "patient/*.rs offline_access")["refresh_token"] as? String)
            let refresh = { (token: String) in
                try await flow.token([("grant_type", "refresh_token"), ("refresh_token", token), ("client_id", app.id)])
            }
            let second = try await refresh(first)
            #expect(second.status == 200)
            let next = try #require(second.json["refresh_token"] as? String)
            #expect(
                try await flow.read("Patient", token: try #require(second.json["access_token"] as? String)).status
                    == 200)
            // The first was used: using it again ends the chain, the newer one included.
            #expect(try await refresh(first).json["error"] as? String == "invalid_grant")
            #expect(try await refresh(next).json["error"] as? String == "invalid_grant")
        }
    }

    @Test func removingTheAppInHealthEndsItsAccessAtOnce() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let access = try #require(try await flow.tokens(app, scope: "patient/Patient.r")["access_token"] as? String)
            let id = try await fhir.patientID(daemon)
            #expect(try await flow.read("Patient/\(id)", token: access).status == 200)
            let page = try await WebClient.get("/sources/fhir-apps", daemon, cookie: flow.cookie)
            let removed = try await WebClient.post(
                "/sources/fhir-apps/\(app.id)/remove", daemon, cookie: flow.cookie,
                form: ["csrf": try #require(WebClient.csrf(in: page.text))])
            #expect(removed.status == 303)
            let refused = try await flow.read("Patient/\(id)", token: access)
            #expect(refused.status == 401)
            #expect(try Outcome(refused).code == "login")
        }
    }

    @Test func aForgedOrTamperedTokenReadsNothing() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let access = try #require(try await flow.tokens(app, scope: "patient/Patient.r")["access_token"] as? String)
            let id = try await fhir.patientID(daemon)
            var tampered = Array(access)
            tampered[tampered.count - 3] = tampered[tampered.count - 3] == "A" ? "B" : "A"
            for token in [
                String(tampered), "ohka1.e30.AAAA", access.replacingOccurrences(of: "ohka1.", with: "ohkr1."),
            ] {
                #expect(try await flow.read("Patient/\(id)", token: token).status == 401)
            }
        }
    }

    // MARK: The owner's answer

    @Test func theOwnersRefusalSendsAccessDeniedBack() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let back = try await flow.answer(
                flow.request(app, scope: "patient/*.rs", challenge: Self.challenge(Self.verifier())), allowing: false)
            #expect(back.queryItems?.first { $0.name == "error" }?.value == "access_denied")
            #expect(back.queryItems?.first { $0.name == "code" } == nil)
            #expect(back.queryItems?.first { $0.name == "state" }?.value == "s-42")
        }
    }

    @Test func anAddressTheAppDidNotRegisterIsShownAndNeverFollowed() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let elsewhere = "https://attacker.example/steal"
            let request = flow.request(
                app, scope: "patient/*.rs", challenge: Self.challenge(Self.verifier()), redirectURI: elsewhere)
            let page = try await WebClient.get("/smart/authorize?" + Flow.query(request), daemon, cookie: flow.cookie)
            #expect(page.status == 400)
            #expect(page.location == nil)
            #expect(page.text.contains("did not register"))
        }
    }

    @Test func aRequestWithoutPKCEGoesBackAsAnErrorWithoutASheet() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register()
            let request = flow.request(app, scope: "patient/*.rs", challenge: "")
                .filter { $0.0 != "code_challenge" && $0.0 != "code_challenge_method" }
            let page = try await WebClient.get("/smart/authorize?" + Flow.query(request), daemon, cookie: flow.cookie)
            #expect(page.status == 302)
            let location = try #require(page.location)
            let back = try #require(URLComponents(string: location))
            #expect(back.queryItems?.first { $0.name == "error" }?.value == "invalid_request")
        }
    }

    @Test func aConfidentialAppMustProveItselfWithItsSecret() async throws {
        try await withDaemon { daemon in
            let flow = try await Flow(daemon)
            let app = try await flow.register(confidential: true)
            let secret = try #require(app.secret)
            let (code, verifier) = try await flow.code(app, scope: "patient/*.rs")
            let fields = [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", Self.redirectURI),
                ("code_verifier", verifier),
            ]
            let anonymous = try await flow.token(fields + [("client_id", app.id)])
            #expect(anonymous.status == 401 && anonymous.json["error"] as? String == "invalid_client")
            let wrong = try await flow.token(fields + [("client_id", app.id), ("client_secret", "not-the-secret")])
            #expect(wrong.status == 401 && wrong.json["error"] as? String == "invalid_client")
            // A wrong secret in the header is answered with the scheme it failed (read raw: an HTTP client would
            // take the challenge as a question for its user).
            let raw = try RawConnection(to: daemon.address)
            let body = Flow.query(fields)
            let wrongBasic = Data("\(app.id):not-the-secret".utf8).base64EncodedString()
            try raw.send(
                "POST /fhir/r4/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + "Authorization: Basic \(wrongBasic)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            let answer = try await raw.readUntilClosed()
            #expect(answer.hasPrefix("HTTP/1.1 401"))
            #expect(answer.lowercased().contains("www-authenticate: basic"))
            #expect(try await flow.token(fields, basic: (app.id, secret)).status == 200)
        }
    }
}

extension Data {
    fileprivate var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
