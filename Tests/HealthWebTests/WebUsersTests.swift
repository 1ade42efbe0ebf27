import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitPostgres
import OpenHealthKitTesting
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Health on a healthd serving the users of a PostgreSQL database: sign-in by name, and a session that reaches its
/// own user's data only. One healthd at a time, as `UserCrossingTests`.
@Suite(.serialized) struct WebUsersTests {
    /// healthd on a fresh database with the users Ann and Bob; their secrets.
    struct Served: Sendable {
        let healthd: Healthd
        let secrets: [String: String]
    }

    static func withUsers(_ body: (Served) async throws -> Void) async throws {
        let server = try await PostgreSQLServer.shared()
        let url = try await server.createDatabase()
        let accounts = try PostgresAccounts(address: try PostgreSQLAddress(url: url, password: server.password))
        let secrets = ["ann": try accounts.add(name: "ann").secret, "bob": try accounts.add(name: "bob").secret]
        let healthd = try await Healthd.launch(
            arguments: ["--database", url], environment: ["PGPASSWORD": server.password])
        do {
            try await body(Served(healthd: healthd, secrets: secrets))
        } catch {
            await healthd.stop()
            throw error
        }
        await healthd.stop()
    }

    /// A browser signed in as `name`.
    static func signedIn(_ served: Served, _ name: String) async throws -> WebClient {
        let browser = WebClient(address: served.healthd.address)
        let form = try await browser.get("/signin")
        let page = try await browser.post(
            "/signin",
            form: [
                ("token", form.field("token") ?? ""), ("next", "/"), ("name", name),
                ("secret", served.secrets[name] ?? ""),
            ])
        guard page.status == 303, browser.cookies["health_session"] != nil else {
            throw WebUsersTestError("\(name) could not sign in: \(page.status)")
        }
        return browser
    }

    /// Bob's app asks for heart rates and waits for nobody: the id of his pending request.
    static func bobsPendingRequest(_ served: Served) async throws -> UUID {
        let basic = "Basic " + Data("bob:\(served.secrets["bob"] ?? "")".utf8).base64EncodedString()
        let plists = try AppPlists(bundleIdentifier: "com.example.bobs", name: "Bob's")
        let registered = try await call(
            "POST", served.healthd.url("/v1/owner/apps"), authorization: basic,
            json: WireAppRegistration(infoPlist: plists.info, entitlements: plists.entitlements))
        let credential = try JSONDecoder().decode(WireIssuedCredential.self, from: registered).credential
        _ = try await call(
            "POST", served.healthd.url("/v1/authorization/request?wait=0"), authorization: "Bearer " + credential,
            json: WireAuthorizationRequest(
                toShare: try WireTypes.sampleTypes(["heartRate"]), toRead: try WireTypes.objectTypes(["heartRate"])))
        // The answer may come before the request is kept: Bob's owner route lists it once it is.
        var pending: [UUID] = []
        try await waitUntil("Bob's request to be pending") {
            let listed = try await call(
                "GET", served.healthd.url("/v1/owner/authorization/pending"), authorization: basic, json: nil)
            pending = try JSONDecoder().decode(WirePendingRequests.self, from: listed).requests.map(\.id)
            return !pending.isEmpty
        }
        return try #require(pending.first)
    }

    @Test func theSignInPageAsksForANameWhenHealthdServesManyUsers() async throws {
        try await Self.withUsers { served in
            let page = try await WebClient(address: served.healthd.address).get("/signin")
            #expect(page.text.contains("name=\"name\""))
        }
    }

    @Test func anUnknownNameAndAWrongSecretGetTheSameSignInPage() async throws {
        try await Self.withUsers { served in
            func attempt(_ name: String, _ secret: String) async throws -> WebClient.Page {
                let browser = WebClient(address: served.healthd.address)
                let form = try await browser.get("/signin")
                return try await browser.post(
                    "/signin",
                    form: [("token", form.field("token") ?? ""), ("next", "/"), ("name", name), ("secret", secret)])
            }
            let unknown = try await attempt("carol", served.secrets["ann"] ?? "")
            let wrong = try await attempt("ann", served.secrets["bob"] ?? "")
            #expect(unknown.status == 401 && wrong.status == 401)
            #expect(unknown.text.contains("That name and secret do not match an account."))
            #expect(Self.withoutTokens(unknown.text) == Self.withoutTokens(wrong.text))
        }
    }

    @Test func annsSessionNeitherSeesNorAnswersBobsPermissionRequest() async throws {
        try await Self.withUsers { served in
            let id = try await Self.bobsPendingRequest(served)
            let ann = try await Self.signedIn(served, "ann")
            let annsSheets = try await ann.get("/permissions")
            #expect(annsSheets.status == 200 && !annsSheets.text.contains(id.uuidString))
            let csrf = try #require(annsSheets.field("csrf"))
            let crossing = try await ann.post(
                "/permissions/\(id.uuidString)", form: [("csrf", csrf), ("answer", "allow")])
            let nowhere = try await ann.post(
                "/permissions/\(UUID().uuidString)", form: [("csrf", csrf), ("answer", "allow")])
            #expect(crossing.status == nowhere.status && crossing.location == nowhere.location)
            let bob = try await Self.signedIn(served, "bob")
            #expect(try await bob.get("/permissions").text.contains(id.uuidString))
        }
    }

    @Test func aRemovedUsersSessionEndsAtOnce() async throws {
        try await Self.withUsers { served in
            let bob = try await Self.signedIn(served, "bob")
            #expect(try await bob.get("/").status == 200)
            let server = try await PostgreSQLServer.shared()
            let url = try #require(served.healthd.process.commandLine.last { $0.hasPrefix("postgresql://") })
            try PostgresAccounts(address: try PostgreSQLAddress(url: url, password: server.password)).remove(
                name: "bob")
            let after = try await bob.get("/")
            #expect(after.status == 303 && after.location?.hasPrefix("/signin") == true)
        }
    }

    /// A page without its random tokens (each sign-in page carries a new one).
    static func withoutTokens(_ text: String) -> String {
        text.replacingOccurrences(of: #"value="[A-Za-z0-9_-]{43}""#, with: "", options: .regularExpression)
    }

    static func call(_ method: String, _ url: URL, authorization: String, json: (any Encodable)?) async throws -> Data {
        var request = URLRequest(url: url, timeoutInterval: SafetyTimeout.duration / .seconds(1))
        request.httpMethod = method
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(json)
        }
        return try await withCheckedThrowingContinuation { continuation in
            URLSession.patient.dataTask(with: request) { data, response, error in
                guard let response = response as? HTTPURLResponse, (200..<300).contains(response.statusCode) else {
                    continuation.resume(throwing: error ?? WebUsersTestError("\(method) \(url.path) failed"))
                    return
                }
                continuation.resume(returning: data ?? Data())
            }.resume()
        }
    }
}

struct WebUsersTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
