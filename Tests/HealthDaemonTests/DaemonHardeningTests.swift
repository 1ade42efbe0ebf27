import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitSQLite
import OpenHealthKitWire

/// What an app trying its luck gets: bounded work, and answers that reveal nothing it may not read (docs/SECURITY.md).
@Suite struct DaemonHardeningTests {
    @Test(arguments: [1e15, 1e300, -1e15])
    func samplesDatedOutsideYearsOneTo4001AreRefused(_ seconds: Double) async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            var far = AppClient.beat(60)
            far.startDate = WireDate(Date(timeIntervalSince1970: min(seconds, 1_700_000_000)))
            far.endDate = WireDate(Date(timeIntervalSince1970: max(seconds, 1_700_000_000)))
            let answer = try await app.save([far])
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
            #expect(answer.error?.error.message.contains("between years 1 and 4001") == true)
        }
    }

    @Test func aCollectionAnchoredOutsideYearsOneTo4001IsRefused() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let body =
                #"{"type":"heartRate","options":2,"intervals":{"anchorDate":1e15,"intervalComponents":{"day":1},"calendar":"gregorian","timeZone":"UTC"}}"#
            let answer = try await app.call("POST", "/v1/queries/statistics-collection", body: Data(body.utf8))
            #expect(answer.status == 400, "\(answer.text)")
        }
    }

    @Test func aPredicateTooLargeToRunGetsTheSame400WhetherReadingIsAllowedOrDenied() async throws {
        try await withDaemon { daemon in
            let allowed = try await AppClient.authorized(daemon, Apps.app("com.example.allowed"), types: ["heartRate"])
            let denied = AppClient(
                daemon: daemon, credential: try await daemon.register(Apps.app("com.example.denied")))
            daemon.answerRequests(of: "com.example.denied") { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            let asked = try await denied.call(
                "POST", "/v1/authorization/request", json: WireAuthorizationRequest.names(["heartRate"], ["heartRate"]))
            #expect(asked.status == 200)
            let child = #"{"kind":"quantity","operator":">","quantity":{"value":1,"unit":"count/min"}}"#
            let body =
                #"{"type":"heartRate","predicate":{"kind":"and","predicates":["#
                + Array(repeating: child, count: 1_000).joined(separator: ",") + "]}}"
            let answers = [
                try await allowed.call("POST", "/v1/queries/samples", body: Data(body.utf8)),
                try await denied.call("POST", "/v1/queries/samples", body: Data(body.utf8)),
            ]
            for answer in answers {
                #expect(answer.status == 400, "\(answer.text)")
                #expect(answer.error?.error.message.contains("at most 500 predicates") == true, "\(answer.text)")
                #expect(!answer.text.contains("bundle_identifier"))
            }
            #expect(answers[0].text == answers[1].text)
        }
    }

    @Test func deletingAnotherAppsSampleAndANonexistentOneGetTheSameAnswer() async throws {
        try await withDaemon { daemon in
            let owner = try await AppClient.authorized(daemon, Apps.app("com.example.a"), types: ["heartRate"])
            let other = try await AppClient.authorized(daemon, Apps.app("com.example.b"), types: ["heartRate"])
            let theirs = AppClient.beat(60)
            #expect(try await owner.save([theirs]).status == 200)
            let nowhere = UUID()
            let answers = [
                try await other.call("POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: [theirs.uuid])),
                try await other.call("POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: [nowhere])),
            ]
            #expect(answers.map(\.status) == [403, 403])
            #expect(
                answers[0].text.replacingOccurrences(of: theirs.uuid.uuidString, with: "X")
                    == answers[1].text.replacingOccurrences(of: nowhere.uuidString, with: "X"))
        }
    }

    @Test func aDeletionGetsTheSameAnswerWhicheverOfItsUUIDsAnotherAppStored() async throws {
        try await withDaemon { daemon in
            let owner = try await AppClient.authorized(daemon, Apps.app("com.example.a"), types: ["heartRate"])
            let other = try await AppClient.authorized(daemon, Apps.app("com.example.b"), types: ["heartRate"])
            let theirs = AppClient.beat(60)
            #expect(try await owner.save([theirs]).status == 200)
            let first = UUID(), second = UUID()
            var answers: [HTTPAnswer] = []
            for uuids in [[theirs.uuid, first], [first, theirs.uuid], [first, second], [second, first]] {
                answers.append(
                    try await other.call("POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: uuids)))
            }
            #expect(answers.map(\.status) == [403, 403, 403, 403])
            #expect(Set(answers.map(\.text)).count == 1, "\(answers.map(\.text))")
        }
    }

    @Test func anErrorEchoesOnlyTheStartOfAHugeName() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let name = String(repeating: "x", count: 4_000_000)
            let answer = try await app.call(
                "POST", "/v1/queries/samples", body: Data(#"{"type":"\#(name)"}"#.utf8))
            #expect(answer.status == 400)
            let message = try #require(answer.error?.error.message)
            #expect(message.hasPrefix(String(repeating: "x", count: 100) + "… is not"), "\(message.prefix(200))")
            #expect(answer.text.utf8.count < 1_000)
        }
    }

    @Test func aDeletionCountsWhatWasDeleted() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let mine = AppClient.beat(60)
            #expect(try await app.save([mine]).status == 200)
            let answer = try await app.call(
                "POST", "/v1/samples/delete", json: WireDeleteRequest(uuids: [mine.uuid, mine.uuid]))
            #expect(try answer.decode(WireCountResponse.self).count == 1)
        }
    }

    @Test(arguments: [
        "org.openhealthkit.owner.health", "ORG.openhealthkit.export.x-1", "com.probe.x/../y", "com..example", "example",
        "com.exa mple", "org.openhealthkit.owner", "Org.OpenHealthKit.Export", "com.apple.health.0C5E6A2B",
        "COM.Apple.Health", "com.apple",
    ])
    func registrationRefusesReservedAndInvalidBundleIdentifiers(_ identifier: String) async throws {
        try await withDaemon { daemon in
            let answer = try await daemon.registration(Apps.app(identifier))
            #expect(answer.status == 422, "\(answer.text)")
            #expect(try await daemon.owner("GET", "/v1/owner/apps").decode(WireRegisteredApps.self).apps.isEmpty)
        }
    }

    @Test func valuesTooLargeToSumAreRefused() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["stepCount"])
            var huge = WireSample(
                type: "stepCount", startDate: Date(timeIntervalSince1970: 1_700_000_000),
                endDate: Date(timeIntervalSince1970: 1_700_000_060))
            huge.quantity = WireQuantity(value: 1.7e308, unit: "count")
            let answer = try await app.save([huge])
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
        }
    }

    @Test func statisticsThatCannotBeEncodedAreAnErrorNotAnEmptySuccess() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["stepCount"])
            // Rows stored before values were bounded.
            let storage = try SQLiteStorage(path: daemon.storePath)
            let source = SourceRow(bundleIdentifier: "com.example.app", name: "app")
            _ = try storage.insert(
                (0..<2).map { index in
                    SampleRow(
                        uuid: UUID(), typeIdentifier: HKQuantityTypeIdentifier.stepCount.rawValue,
                        startDate: 1_700_000_000 + Double(index),
                        endDate: 1_700_000_000 + Double(index), value: 1.7e308, source: source,
                        revision: RevisionRow(version: "3"))
                })
            let answer = try await app.call(
                "POST", "/v1/queries/statistics", json: WireStatisticsBody(type: "stepCount", options: 16))
            #expect(answer.status != 200, "\(answer.text)")
            #expect(answer.error != nil, "\(answer.text)")
        }
    }

    @Test func bodiesThatAreNotJSONOrNameAKeyTwiceAreRefused() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let query = Data(#"{"type": "heartRate"}"#.utf8)
            let plain = try await daemon.app(app.credential, "POST", "/v1/queries/samples", body: query)
            #expect(plain.status == 200)
            let text = try await HTTP.call(
                "POST", daemon.url("/v1/queries/samples"), bearer: app.credential, body: query,
                headers: ["Content-Type": "text/plain"])
            #expect(text.status == 415, "\(text.text)")
            #expect(text.error != nil)
            let twice = try await app.call(
                "POST", "/v1/queries/samples", body: Data(#"{"type": "heartRate", "type": "stepCount"}"#.utf8))
            #expect(twice.status == 400, "\(twice.text)")
            let escaped = try await app.call(
                "POST", "/v1/queries/samples", body: Data(#"{"type": "heartRate", "t\u0079pe": "stepCount"}"#.utf8))
            #expect(escaped.status == 400, "\(escaped.text)")
            let nested = try await app.call(
                "POST", "/v1/queries/samples",
                body: Data(#"{"type": "heartRate", "predicate": {"kind": "all", "kind": "none"}}"#.utf8))
            #expect(nested.status == 400, "\(nested.text)")
        }
    }

    @Test func callbackPortsAndCredentialLifetimesAreBounded() async throws {
        try await withDaemon { daemon in
            var waker = Apps.app("com.example.waker")
            waker.hasBackgroundDeliveryEntitlement = true
            let app = try await AppClient.authorized(daemon, waker, types: ["heartRate"])
            let callback = try await app.call(
                "PUT", "/v1/background-delivery/callback", json: ["url": "http://127.0.0.1:99999/wake"])
            #expect(callback.status == 400, "\(callback.text)")
            let forever = try await daemon.registration(Apps.app("com.example.forever"), lifetime: 1e308)
            #expect(forever.status == 400, "\(forever.text)")
            let decade = try await daemon.registration(Apps.app("com.example.decade"), lifetime: 10 * 365 * 24 * 3600)
            #expect(decade.status == 201, "\(decade.text)")
        }
    }

    /// schemathesis found it: the id was turned into an integer without a check, and healthd stopped.
    @Test func anAuditPageAfterAnIdNoIntegerHoldsIsA400AndHealthdKeepsServing() async throws {
        try await withDaemon { daemon in
            let answer = try await daemon.owner("GET", "/v1/owner/audit?after=16772317046173031567502344192")
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error?.error.message.contains("after must be a whole number") == true, "\(answer.text)")
            #expect(try await daemon.owner("GET", "/v1/owner/audit?after=0").status == 200)
        }
    }

    @Test(arguments: [
        "/v1/owner/audit?limit=10001", "/v1/owner/audit?limit=0", "/v1/owner/audit?since=1e300",
        "/v1/owner/audit?after=-1", "/v1/owner/audit?limit=1.5",
    ])
    func queryNumbersOutsideTheirRangeAreRefusedNotClamped(_ path: String) async throws {
        try await withDaemon { daemon in
            let answer = try await daemon.owner("GET", path)
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
        }
    }

    @Test func anAuthorizationRequestWaitingLongerThan120SecondsIsRefused() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            let answer = try await app.call(
                "POST", "/v1/authorization/request?wait=121", json: WireAuthorizationRequest.names(["heartRate"], []))
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error?.error.message.contains("wait must be a number from 0") == true, "\(answer.text)")
        }
    }

    @Test func aQueryParameterGivenTwiceIsRefused() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            let answer = try await app.call("GET", "/v1/authorization/status?type=heartRate&type=stepCount")
            #expect(answer.status == 400, "\(answer.text)")
            #expect(answer.error?.error.message == "Give type once", "\(answer.text)")
            #expect(try await daemon.owner("GET", "/v1/owner/audit?limit=1&limit=2").status == 400)
        }
    }

    @Test func aKnownPathCalledWithAnotherMethodIs405NamingTheMethodsItTakes() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            for method in ["TRACE", "PUT", "DELETE"] {
                let answer = try await daemon.app(credential, method, "/v1/anchor")
                #expect(answer.status == 405, "\(method): \(answer.text)")
                #expect(answer.allow == "GET")
                #expect(answer.error != nil)
            }
            let apps = try await HTTP.call(
                "PATCH", daemon.url("/v1/owner/apps/com.example.app"), bearer: daemon.ownerSecret)
            #expect(apps.status == 405)
            #expect(apps.allow?.contains("DELETE") == true)
            #expect(try await daemon.app(credential, "GET", "/v1/nothing-here").status == 404)
        }
    }

    @Test func anAppsAnchorMovesOnlyWithChangesItMayRead() async throws {
        try await withDaemon { daemon in
            let writer = try await AppClient.authorized(
                daemon, Apps.app("com.example.writer"), types: ["heartRate", "stepCount"])
            let reader = try await AppClient.authorized(daemon, Apps.app("com.example.reader"), types: ["stepCount"])
            let before = try await reader.anchor()
            #expect(try await writer.save([AppClient.beat(60), AppClient.beat(61, at: 1_700_000_060)]).status == 200)
            #expect(try await writer.anchor() > before)
            #expect(try await reader.anchor() == before)
            let anchored = try await reader.call(
                "POST", "/v1/queries/anchored", json: ["queries": [["type": "heartRate"]]])
            #expect(try anchored.decode(WireAnchoredResponse.self).anchor == before)

            var steps = WireSample(
                type: "stepCount", startDate: Date(timeIntervalSince1970: 1_700_000_000),
                endDate: Date(timeIntervalSince1970: 1_700_000_060))
            steps.quantity = WireQuantity(value: 10, unit: "count")
            #expect(try await writer.save([steps]).status == 200)
            let after = try await reader.anchor()
            #expect(after > before)
            let changes = try await reader.call(
                "POST", "/v1/queries/anchored", json: WireAnchoredBody(anchor: before, type: "stepCount")
            )
            .decode(WireAnchoredResponse.self)
            #expect(changes.samples.map(\.uuid) == [steps.uuid])
            #expect(changes.anchor == after)
        }
    }
}

/// `{"anchor": n, "queries": [{"type": t}]}`.
private struct WireAnchoredBody: Encodable {
    struct Query: Encodable {
        var type: String
    }

    var anchor: Int64
    var queries: [Query]

    init(anchor: Int64, type: String) {
        self.anchor = anchor
        queries = [Query(type: type)]
    }
}
