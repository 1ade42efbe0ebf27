import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitPostgres
import OpenHealthKitTesting
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Three healthd processes serving one PostgreSQL database (and sharing the owner secret and credential key, as
/// instances behind one name would): whichever an app or the owner reaches, they see the same apps, permission
/// requests, web sessions, revocations, change streams and background-delivery callbacks. Each test connects its
/// app and its owner to different instances. One world at a time: each holds three healthds' connections.
@Suite(.serialized) struct ThreeInstancesTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    /// Three healthd on one fresh database, the first made the secrets the others read.
    struct Instances: Sendable {
        let a: DaemonHarness
        let b: DaemonHarness
        let c: DaemonHarness
        let database: TestDatabase
    }

    static func withInstances(_ body: (Instances) async throws -> Void) async throws {
        try await PostgreSQLAdmission.shared.admitted {
            let database = try await TestDatabase.make()
            let a = try await DaemonHarness.launch(database: database)
            async let second = DaemonHarness.launch(database: database, directory: a.directory)
            async let third = DaemonHarness.launch(database: database, directory: a.directory)
            let (b, c) = try await (second, third)
            do {
                try await body(Instances(a: a, b: b, c: c, database: database))
            } catch {
                try? await b.shutDown()
                try? await c.shutDown()
                try? await a.stop()
                throw error
            }
            try await b.shutDown()
            try await c.shutDown()
            try await a.stop()
        }
    }

    /// Registers an app through `daemon` (with the background-delivery entitlement when asked) and lets it write and
    /// read heart rates; its credential.
    static func app(
        _ bundleIdentifier: String = "com.example.app", backgroundDelivery: Bool = false, through daemon: DaemonHarness
    ) async throws -> String {
        var manifest = Apps.app(bundleIdentifier)
        manifest.hasBackgroundDeliveryEntitlement = backgroundDelivery
        let credential = try await daemon.register(manifest)
        try await daemon.allowHeartRate(bundleIdentifier)
        return credential
    }

    static func stream(_ daemon: DaemonHarness, _ credential: String) -> EventStreamReader {
        EventStreamReader(url: daemon.url("/v1/changes/stream?types=\(heartRate)"), credential: credential)
    }

    /// Saves a heart rate of `value` through `daemon`; the status, and the sample's UUID.
    @discardableResult
    static func save(_ value: Double, _ daemon: DaemonHarness, _ credential: String) async throws -> (Int, UUID) {
        var sample = AppClient.beat(value)
        sample.uuid = UUID()
        let status = try await daemon.app(
            credential, "POST", "/v1/samples", json: WireSaveRequest(objects: [sample])
        ).status
        return (status, sample.uuid)
    }

    // MARK: Change streams

    @Test func aSaveThroughOneInstanceReachesAStreamOpenOnAnother() async throws {
        try await Self.withInstances { instances in
            let credential = try await Self.app(through: instances.a)
            let stream = Self.stream(instances.b, credential)
            defer { stream.close() }
            #expect(try await stream.connected() == 200)
            let started = ContinuousClock.now
            #expect(try await Self.save(70, instances.c, credential).0 == 200)
            let events = try await stream.wait { !$0.isEmpty }
            // Reported, not asserted: the time on a loaded machine says little (issue 18 asks for under a second).
            print("ThreeInstancesTests: a save through C reached B's stream after \(ContinuousClock.now - started)")
            #expect(events.first?.change.types == [Self.heartRate])
        }
    }

    // MARK: Revocations

    @Test func revokingAnAppOnOneInstanceClosesItsStreamOnAnotherWithoutAnotherCall() async throws {
        try await Self.withInstances { instances in
            let credential = try await Self.app(through: instances.a)
            let stream = Self.stream(instances.a, credential)
            defer { stream.close() }
            #expect(try await stream.connected() == 200)
            #expect(try await instances.b.owner("DELETE", "/v1/owner/apps/com.example.app").status == 200)
            // Nobody calls A as the app: only the announcement of the revocation can end the stream.
            try await stream.ended()
            #expect(stream.hasEnded)
        }
    }

    @Test func anInstanceRejectsTheNextCallOfAnAppRevokedOnAnother() async throws {
        try await Self.withInstances { instances in
            let credential = try await Self.app(through: instances.a)
            // A has checked the credential and knows the app.
            #expect(try await instances.a.app(credential, "GET", "/v1/anchor").status == 200)
            let revoked = try await instances.b.owner("DELETE", "/v1/owner/apps/com.example.app")
            #expect(revoked.status == 200, "\(revoked.text)")
            let refused = try await instances.a.app(credential, "GET", "/v1/anchor")
            #expect(refused.status == 401)
            #expect(refused.error?.error.message.contains("revoked") == true)
        }
    }

    /// Registers the app "unheard" (com.example.unheard) straight in the database, with no announcement: the
    /// instances know of it only from the database, as when another's announcement of a registration is still on its
    /// way.
    static func registerUnheardApp(in database: TestDatabase) throws {
        let now = Date()
        try PostgresStorage(address: try PostgreSQLAddress(url: database.url, password: database.password))
            .saveRegisteredApp(
                RegisteredApp(
                    manifest: Apps.app("com.example.unheard"), registeredAt: now, credentialID: UUID().uuidString,
                    credentialIssuedAt: now, credentialExpiresAt: now.addingTimeInterval(3600)))
    }

    @Test func anInstanceShowsAndRevokesAnAppRegisteredBeforeItHeardOfIt() async throws {
        try await Self.withInstances { instances in
            try Self.registerUnheardApp(in: instances.database)
            let shown = try await instances.b.owner("GET", "/v1/owner/apps/com.example.unheard")
            #expect(shown.status == 200, "\(shown.text)")
            let revoked = try await instances.c.owner("DELETE", "/v1/owner/apps/com.example.unheard")
            #expect(revoked.status == 200, "\(revoked.text)")
        }
    }

    @Test func anInstanceShowsTheHealthPageOfAnAppRegisteredBeforeItHeardOfIt() async throws {
        try await Self.withInstances { instances in
            try Self.registerUnheardApp(in: instances.database)
            let cookie = try await WebClient.signIn(instances.b)
            let page = try await WebClient.get("/sources/com.example.unheard", instances.b, cookie: cookie)
            #expect(page.status == 200, "\(page.text)")
            #expect(page.text.contains(#"<h1 id="app-name">unheard</h1>"#))
        }
    }

    @Test func anAppRegisteredThroughOneInstanceIsServedByTheOthers() async throws {
        try await Self.withInstances { instances in
            let credential = try await Self.app(through: instances.a)
            let (status, uuid) = try await Self.save(71, instances.b, credential)
            #expect(status == 200)
            let read = try await instances.c.app(
                credential, "POST", "/v1/queries/samples", json: ["type": "heartRate"])
            #expect(try read.decode(WireSamplesResponse.self).samples.map(\.uuid) == [uuid])
        }
    }

    // MARK: Permission requests

    @Test func theOwnersListOnOneInstanceShowsARequestMadeThroughAnother() async throws {
        try await Self.withInstances { instances in
            let credential = try await instances.a.register(Apps.app())
            let asked = try await instances.a.app(
                credential, "POST", "/v1/authorization/request?wait=0",
                json: try WireAuthorizationRequest.names(["heartRate"], ["heartRate"]))
            #expect(asked.status == 202)
            // `wait=0` may answer before the request is made (the engine reads the grants first): wait for it.
            var listed: [WirePendingRequest] = []
            try await waitUntil("the request to reach the owner's list on B") {
                listed = try await instances.b.owner("GET", "/v1/owner/authorization/pending")
                    .decode(WirePendingRequests.self).requests
                return !listed.isEmpty
            }
            #expect(listed.map(\.app.bundleIdentifier) == ["com.example.app"])
            #expect(listed.first?.toRead == [Self.heartRate])
        }
    }

    @Test func theOwnersAnswerOnOneInstanceCompletesARequestWaitingOnAnother() async throws {
        try await Self.withInstances { instances in
            let credential = try await instances.a.register(Apps.app())
            let asking = Task {
                try await instances.a.app(
                    credential, "POST", "/v1/authorization/request?wait=120",
                    json: try WireAuthorizationRequest.names(["heartRate"], ["heartRate"]))
            }
            var pending: [WirePendingRequest] = []
            try await waitUntil("the request to reach the owner's list on B") {
                pending = try await instances.b.owner("GET", "/v1/owner/authorization/pending")
                    .decode(WirePendingRequests.self).requests
                return !pending.isEmpty
            }
            let request = try #require(pending.first)
            let answered = try await instances.b.owner(
                "POST", "/v1/owner/authorization/\(request.id.uuidString)/answer",
                json: WireAuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: request.toRead))
            #expect(answered.status == 200)
            // The call waiting on A ends with the answer, long before its own 120 s.
            let outcome = try await asking.value
            #expect(outcome.status == 200)
            #expect(try outcome.decode(WireAuthorizationOutcome.self).status == .answered)
            #expect(try await Self.save(72, instances.c, credential).0 == 200)
        }
    }

    // MARK: Web sessions

    @Test func aSessionStartedThroughOneInstanceIsSignedInOnTheOthers() async throws {
        try await Self.withInstances { instances in
            let cookie = try await WebClient.signIn(instances.a)
            #expect(try await WebClient.get("/", instances.b, cookie: cookie).status == 200)
            #expect(try await WebClient.get("/", instances.c, cookie: cookie).status == 200)
            #expect(try await WebClient.get("/", instances.c, cookie: nil).status == 303)
        }
    }

    @Test func theDatabaseKeepsOnlyAHashOfTheSessionCookie() async throws {
        try await Self.withInstances { instances in
            let cookie = try await WebClient.signIn(instances.a)
            let token = try #require(cookie.split(separator: ".").last)
            let server = try await PostgreSQLServer.shared()
            let rows = try await server.sql(
                """
                SELECT count(*) FILTER (WHERE id_hash = sha256(convert_to('\(token)', 'UTF8'))),
                       count(*) FILTER (WHERE position(convert_to('\(token)', 'UTF8') IN id_hash) > 0)
                FROM web_session
                """, database: instances.database.name)
            #expect(rows.trimmingCharacters(in: .whitespacesAndNewlines) == "1|0")
        }
    }

    @Test func signingOutOnOneInstanceEndsTheSessionOnTheOthers() async throws {
        try await Self.withInstances { instances in
            let cookie = try await WebClient.signIn(instances.a)
            let page = try await WebClient.get("/", instances.b, cookie: cookie)
            #expect(page.status == 200)
            let csrf = try #require(WebClient.csrf(in: page.text))
            let out = try await WebClient.post("/signout", instances.b, cookie: cookie, form: ["csrf": csrf])
            #expect(out.status == 303)
            #expect(try await WebClient.get("/", instances.a, cookie: cookie).status == 303)
            #expect(try await WebClient.get("/", instances.c, cookie: cookie).status == 303)
        }
    }

    // MARK: Background delivery

    @Test func anAppIsWokenByAnotherInstanceThanTheOneItSetItsCallbackThrough() async throws {
        try await Self.withInstances { instances in
            let receiver = try await CallbackReceiver.start()
            let credential = try await Self.app(backgroundDelivery: true, through: instances.a)
            let writer = try await Self.app("com.example.writer", through: instances.a)
            let enabled = try await instances.b.app(
                credential, "POST", "/v1/background-delivery", json: ["type": "heartRate", "frequency": "immediate"])
            #expect(enabled.status == 200, "\(enabled.text)")
            let callback = try await instances.b.app(
                credential, "PUT", "/v1/background-delivery/callback",
                json: WireBackgroundDeliveryCallback(url: receiver.url.absoluteString))
            #expect(callback.status == 200, "\(callback.text)")
            // B, which knows the callback from the app itself, is gone: only A or C, told by B, can wake the app.
            try await instances.b.shutDown()
            #expect(try await Self.save(73, instances.c, writer).0 == 200)
            let wakes = try await receiver.wait(for: 1)
            #expect(wakes.first?.app == "com.example.app")
            #expect(wakes.first?.types == [Self.heartRate])
            try await receiver.stop()
        }
    }
}
