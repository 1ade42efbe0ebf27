import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitWire
import OpenHealthKitTesting

/// What an app can and cannot reach: every kind of bad credential is a 401 JSON error on every route; an app sees
/// another app's samples only with a read grant and never deletes them; the audit log and every owner route need
/// the owner secret; a revocation ends a running query.
@Suite struct DaemonAccessTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    /// App routes of every kind, with a valid body each.
    static let appRoutes: [(method: String, path: String, body: String?)] = [
        ("GET", "/v1/app", nil),
        ("GET", "/v1/anchor", nil),
        ("POST", "/v1/samples", #"{"objects": []}"#),
        ("POST", "/v1/samples/delete", #"{"uuids": []}"#),
        ("POST", "/v1/queries/samples", #"{"type": "heartRate"}"#),
        ("POST", "/v1/queries/anchored", #"{"queries": [{"type": "heartRate"}]}"#),
        ("POST", "/v1/queries/statistics", #"{"type": "heartRate", "options": 2}"#),
        ("POST", "/v1/queries/activity-summaries", #"{}"#),
        ("GET", "/v1/characteristics/bloodType", nil),
        ("GET", "/v1/authorization/status?type=heartRate", nil),
        ("GET", "/v1/changes/stream?types=heartRate", nil),
        ("GET", "/v1/background-delivery", nil),
    ]

    /// Owner routes of every kind.
    static let ownerRoutes: [(method: String, path: String, body: String?)] = [
        ("GET", "/v1/owner/apps", nil),
        ("POST", "/v1/owner/apps", #"{"infoPlist": "", "entitlements": ""}"#),
        ("GET", "/v1/owner/apps/com.example.a", nil),
        ("DELETE", "/v1/owner/apps/com.example.a", nil),
        ("GET", "/v1/owner/apps/com.example.a/grants", nil),
        ("PUT", "/v1/owner/apps/com.example.a/grants", #"{"grants": {}}"#),
        ("DELETE", "/v1/owner/apps/com.example.a/grants", nil),
        ("GET", "/v1/owner/authorization/pending", nil),
        (
            "POST", "/v1/owner/authorization/\(UUID().uuidString)/answer",
            #"{"allowedToShare": [], "allowedToRead": []}"#
        ),
        ("GET", "/v1/owner/characteristics/bloodType", nil),
        ("PUT", "/v1/owner/characteristics/bloodType", #"{"type": "bloodType", "value": "2"}"#),
        ("GET", "/v1/owner/sources?type=heartRate", nil),
        ("GET", "/v1/owner/sources/priority?type=stepCount", nil),
        ("PUT", "/v1/owner/sources/priority", #"{"type": "stepCount", "sources": []}"#),
        ("GET", "/v1/owner/audit", nil),
    ]

    func call(_ daemon: DaemonHarness, _ route: (method: String, path: String, body: String?), bearer: String?)
        async throws -> HTTPAnswer
    {
        try await HTTP.call(
            route.method, daemon.url(route.path), bearer: bearer, body: route.body.map { Data($0.utf8) })
    }

    /// A 401 with healthd's JSON error.
    func isRefusedCredential(_ answer: HTTPAnswer) -> Bool {
        answer.status == 401 && answer.contentType?.hasPrefix("application/json") == true
            && answer.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue
            && answer.error?.error.domain == "com.apple.healthkit"
    }

    @Test func everyCredentialFailureIsA401JSONErrorOnEveryRoute() async throws {
        try await withDaemon { daemon in
            let a = try await AppClient.authorized(daemon, Apps.app("com.example.a"), types: ["heartRate"])
            let b = try await daemon.register(Apps.app("com.example.b"))
            let expiring = try await daemon.register(Apps.app("com.example.brief"), lifetime: 1)
            let revoked = try await daemon.register(Apps.app("com.example.gone"))
            #expect(try await daemon.owner("DELETE", "/v1/owner/apps/com.example.gone").status == 200)
            let replaced = try await daemon.register(Apps.app("com.example.again"))
            _ = try await daemon.register(Apps.app("com.example.again"))
            try await Task.sleep(for: .milliseconds(2100))

            let parts = a.credential.split(separator: ".").map(String.init)
            let failures: [(String, String?)] = [
                ("missing", nil),
                ("empty", ""),
                ("not a credential", "hello"),
                ("forged signature", DaemonSecurityTests.resigned(a.credential)),
                ("truncated signature", String(a.credential.dropLast(2))),
                ("expired", expiring),
                ("revoked", revoked),
                ("replaced", replaced),
                // Another app's credential, its claims changed to name app A, or given A's signature.
                ("another app's, renamed", DaemonSecurityTests.forged(b, app: "com.example.a")),
                (
                    "another app's, with A's signature",
                    b.split(separator: ".").prefix(2).joined(separator: ".") + "." + parts[2]
                ),
                ("the owner secret", daemon.ownerSecret),
            ]
            for (kind, token) in failures {
                for route in Self.appRoutes {
                    let answer = try await call(daemon, route, bearer: token)
                    #expect(
                        isRefusedCredential(answer),
                        "\(kind): \(route.method) \(route.path) answered \(answer.status) \(answer.text)")
                }
            }
            // Nothing was written by any of them; app A's own credential still works.
            let samples = try await a.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).decode(
                WireSamplesResponse.self)
            #expect(samples.samples.isEmpty)
        }
    }

    @Test func anAppSeesAnotherAppsSamplesOnlyWithAReadGrantAndNeverDeletesThem() async throws {
        try await withDaemon { daemon in
            let owner = try await AppClient.authorized(
                daemon, Apps.app("com.example.b"), types: ["heartRate", "stepCount"])
            let other = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app("com.example.a")))
            daemon.answerRequests(of: "com.example.a") { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            let request = try WireAuthorizationRequest.names(["heartRate", "stepCount"], ["heartRate", "stepCount"])
            #expect(try await other.call("POST", "/v1/authorization/request", json: request).status == 200)

            let theirs = AppClient.beat(70)
            var steps = WireSample(
                type: "HKQuantityTypeIdentifierStepCount", startDate: Date(timeIntervalSince1970: 1_700_000_000),
                endDate: Date(timeIntervalSince1970: 1_700_000_600))
            steps.quantity = WireQuantity(value: 500, unit: "count")
            #expect(try await owner.save([theirs, steps]).status == 200)

            // Reads of every kind see none of it.
            let samples = try await other.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).decode(
                WireSamplesResponse.self)
            #expect(samples.samples.isEmpty)
            let anchored = try await other.call(
                "POST", "/v1/queries/anchored", json: ["queries": [["type": "heartRate"]]]
            ).decode(WireAnchoredResponse.self)
            #expect(anchored.samples.isEmpty)
            let sources = try await other.call("POST", "/v1/queries/sources", json: ["type": "heartRate"]).decode(
                WireSourcesResponse.self)
            #expect(sources.sources.isEmpty)
            let byUUID = WireSampleQueryBody(
                type: "heartRate", predicate: ["kind": "uuids", "uuids": [theirs.uuid.uuidString]])
            #expect(
                try await other.call("POST", "/v1/queries/samples", json: byUUID).decode(WireSamplesResponse.self)
                    .samples.isEmpty)
            let statistics = try await other.call(
                "POST", "/v1/queries/statistics", json: WireStatisticsBody(type: "stepCount", options: 16))
            #expect(try statistics.decode(WireStatisticsResponse.self).buckets.isEmpty)

            // Deleting them is refused, by UUID or by predicate, and they stay.
            let delete = try await other.call(
                "POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: [theirs.uuid]))
            #expect(delete.status == 403)
            #expect(delete.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue)
            let matching = try await other.call("POST", "/v1/samples/delete-matching", json: ["type": "heartRate"])
            #expect(try matching.decode(WireCountResponse.self).count == 0)
            let kept = try await owner.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).decode(
                WireSamplesResponse.self)
            #expect(kept.samples.map(\.uuid) == [theirs.uuid])

            // The owner allows reading: now it sees them, and still cannot delete them.
            let grant = WireGrants(grants: [
                Self.heartRate: WireGrant(Grant(share: .sharingAuthorized, read: .authorized))
            ])
            #expect(try await daemon.owner("PUT", "/v1/owner/apps/com.example.a/grants", json: grant).status == 200)
            let allowed = try await other.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).decode(
                WireSamplesResponse.self)
            #expect(allowed.samples.map(\.uuid) == [theirs.uuid])
            #expect(
                try await other.call("POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: [theirs.uuid])).status
                    == 403)

            // Neither the audit log nor any owner route opens to an app's credential.
            for route in Self.ownerRoutes {
                let answer = try await call(daemon, route, bearer: other.credential)
                #expect(isRefusedCredential(answer), "\(route.method) \(route.path) answered \(answer.status)")
            }
        }
    }

    @Test func ownerRoutesNeedTheOwnerSecret() async throws {
        try await withDaemon { daemon in
            let app = try await daemon.register(Apps.app("com.example.a"))
            let wrong = String(daemon.ownerSecret.dropLast()) + (daemon.ownerSecret.hasSuffix("A") ? "B" : "A")
            for token in [nil, "", app, wrong, daemon.ownerSecret + "x", String(daemon.ownerSecret.prefix(10))]
                as [String?]
            {
                for route in Self.ownerRoutes {
                    let answer = try await call(daemon, route, bearer: token)
                    #expect(isRefusedCredential(answer), "\(route.method) \(route.path) answered \(answer.status)")
                }
            }
            // The secret opens them (whatever the call then answers, it is not a credential refusal).
            for route in Self.ownerRoutes where route.method == "GET" {
                #expect(try await call(daemon, route, bearer: daemon.ownerSecret).status != 401, "\(route.path)")
            }
            #expect(try await daemon.app(app, "GET", "/v1/anchor").status == 200)
        }
    }

    @Test func revokingAnAppEndsItsRunningQueries() async throws {
        let daemon = try await DaemonHarness.launch()
        do {
            let store = try await StoreWorld(daemon: daemon).authorizedStore(
                Apps.app("com.example.a"), for: [HKQuantityType(.heartRate)])
            let inbox = Inbox<String>()
            let query = HKObserverQuery(sampleType: HKQuantityType(.heartRate), predicate: nil) {
                _, completion, error in
                inbox.post(error.map { "error \(($0 as? HKError)?.code.rawValue ?? -1)" } ?? "changed")
                completion()
            }
            // Revoked before or after the query's change stream connected, the query hears of it.
            store.execute(query)
            #expect(try await daemon.owner("DELETE", "/v1/owner/apps/com.example.a").status == 200)
            #expect(try await inbox.next() == "error \(HKError.Code.errorAuthorizationDenied.rawValue)")
            store.stop(query)
        } catch {
            try? await daemon.stop()
            throw error
        }
        try await daemon.stop()
    }
}

/// Bodies written as a client in another language would (loose JSON).
struct WireSampleQueryBody: Encodable {
    var type: String
    var predicate: [String: AnyJSON]

    init(type: String, predicate: [String: Any]) {
        self.type = type
        self.predicate = predicate.mapValues(AnyJSON.init)
    }
}

struct WireStatisticsBody: Encodable {
    var type: String
    var options: UInt
}

/// A JSON value of strings, numbers and arrays of strings.
struct AnyJSON: Encodable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case let text as String: try container.encode(text)
        case let number as Double: try container.encode(number)
        case let texts as [String]: try container.encode(texts)
        default:
            throw EncodingError.invalidValue(
                value, .init(codingPath: encoder.codingPath, debugDescription: "unsupported"))
        }
    }
}
