import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitExchange
import OpenHealthKitWire
import OpenHealthKitStores

/// `POST /v1/ingest/health-auto-export` through a real healthd, on SQLite and on PostgreSQL: a push with an ingest
/// key is stored and answered item by item; the key reaches this route alone, and nothing else reaches it.
@Suite struct IngestRoutesTests {
    static let remote: [StoreBackend] = [.remote, .remotePostgreSQL]
    static let path = WireRoutes.ingestHealthAutoExport.endpoint.template

    static func push(_ metrics: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["data": ["metrics": metrics]])
    }

    static let steps = push([
        [
            "name": "step_count", "units": "count",
            "data": [
                ["date": "2026-03-05 08:00:00 +0100", "qty": 1200, "source": "Ann's Apple Watch"],
                ["date": "2026-03-05 09:00:00 +0100", "qty": 800, "source": "Ann's iPhone"],
            ],
        ]
    ])

    /// A new ingest key of the daemon's owner, made as `hk ingest-keys add` makes it.
    static func key(_ daemon: DaemonHarness, name: String = "phone") throws -> String {
        try IngestKeys(engine: EngineRegistry.engine(for: daemon.location)).add(
            name: name, user: StoreLocation.ownerUserID
        ).key
    }

    static func post(_ daemon: DaemonHarness, _ body: Data, headers: [String: String]) async throws -> HTTPAnswer {
        try await HTTP.call("POST", daemon.url(path), body: body, headers: headers)
    }

    @Test(arguments: remote)
    func aPushIsStoredOnceAndAnsweredItemByItem(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let daemon = try #require(world.daemon)
            let key = try Self.key(daemon)
            let first = try await Self.post(
                daemon, Self.steps, headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"])
            #expect(first.status == 200, "\(first.text)")
            let answer = try JSONDecoder().decode(AutoExportResult.self, from: first.body)
            #expect(answer.items.map(\.name) == ["step_count"])
            #expect(answer.items.first?.stored == 2)
            #expect(answer.items.first?.type == HKQuantityTypeIdentifier.stepCount.rawValue)

            // The `api-key` header works as well; the same push again stores nothing new.
            let again = try await Self.post(daemon, Self.steps, headers: ["api-key": key])
            #expect(again.status == 200)
            let repeated = try JSONDecoder().decode(AutoExportResult.self, from: again.body)
            #expect(repeated.stored == 0)
            #expect(repeated.alreadyStored == 2)

            let sources = try await daemon.owner("GET", "/v1/owner/sources?type=HKQuantityTypeIdentifierStepCount")
            #expect(
                Set(try sources.decode(WireSourcesResponse.self).sources.map(\.name)) == [
                    "Ann's Apple Watch", "Ann's iPhone",
                ])
            let listed = try IngestKeys(engine: EngineRegistry.engine(for: daemon.location)).list()
            #expect(listed.first?.lastPush != nil)
            #expect(listed.first?.lastPushTimeZone == TimeZone(secondsFromGMT: 3600)?.identifier)
        }
    }

    /// A push of every family and section, written from the app's documented format (export version 2).
    static let everyFamily = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/health-auto-export-every-family.json")

    @Test(arguments: remote)
    func aPushOfEveryFamilyAndSectionIsStoredWholeOnceOverHTTP(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let daemon = try #require(world.daemon)
            let key = try Self.key(daemon)
            let body = try Data(contentsOf: Self.everyFamily)
            let first = try await Self.post(daemon, body, headers: ["api-key": key])
            #expect(first.status == 200, "\(first.text)")
            let stored = try JSONDecoder().decode(AutoExportResult.self, from: first.body)
            #expect(
                Set(stored.items.map(\.section)) == [
                    "metrics", "workouts", "stateOfMind", "medications", "symptoms", "cycleTracking", "ecg",
                    "heartRateNotifications",
                ])
            for item in stored.items {
                #expect(item.stored > 0 && item.refused == 0, "\(item.section) \(item.name ?? "")")
            }
            let again = try JSONDecoder().decode(
                AutoExportResult.self, from: try await Self.post(daemon, body, headers: ["api-key": key]).body)
            #expect(again.stored == 0 && again.alreadyStored == again.received && again.refused == 0)
            let sources = try await daemon.owner("GET", "/v1/owner/sources?type=HKWorkoutTypeIdentifier")
            #expect(try sources.decode(WireSourcesResponse.self).sources.map(\.name) == ["Ann's Apple Watch"])
        }
    }

    @Test(arguments: remote)
    func aPushWithARefusedRecordIsAMultiStatusAndABodyThatIsNotAPushIsA400(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let daemon = try #require(world.daemon)
            let key = try Self.key(daemon)
            let partial = Self.push([
                [
                    "name": "step_count", "units": "count",
                    "data": [
                        ["date": "2026-03-05 08:00:00 +0100", "qty": 5], ["date": "yesterday", "qty": 6],
                    ],
                ]
            ])
            let answer = try await Self.post(daemon, partial, headers: ["Authorization": "Bearer \(key)"])
            #expect(answer.status == 207)
            let result = try JSONDecoder().decode(AutoExportResult.self, from: answer.body)
            #expect(result.stored == 1 && result.refused == 1)
            #expect(result.items.first?.problems.first?.index == 1)

            let anchor = try await EngineRegistry.engine(for: daemon.location).currentAnchor()
            var cut = Self.steps
            cut.removeLast(5)
            let refused = try await Self.post(daemon, cut, headers: ["Authorization": "Bearer \(key)"])
            #expect(refused.status == 400)
            #expect(refused.error?.error.message.contains("not a Health Auto Export push") == true)
            await #expect(try EngineRegistry.engine(for: daemon.location).currentAnchor() == anchor)
            let empty = try await Self.post(daemon, Data(), headers: ["Authorization": "Bearer \(key)"])
            #expect(empty.status == 400)
        }
    }

    @Test func aWrongUnknownOrRevokedKeyIsRefusedAlike() async throws {
        try await withWorld(.remote) { world in
            let daemon = try #require(world.daemon)
            let key = try Self.key(daemon)
            let parts = key.split(separator: ".").map(String.init)
            let wrongSecret = parts.dropLast().joined(separator: ".") + ".AAAA"
            let unknownID = [parts[0], parts[1], "nosuchkey", parts[3]].joined(separator: ".")
            let otherUser = [parts[0], "999", parts[2], parts[3]].joined(separator: ".")
            for bad in [wrongSecret, unknownID, otherUser, "garbage", daemon.ownerSecret] {
                let answer = try await Self.post(daemon, Self.steps, headers: ["Authorization": "Bearer \(bad)"])
                #expect(answer.status == 401, "\(bad.prefix(12))")
            }
            try IngestKeys(engine: EngineRegistry.engine(for: daemon.location)).revoke(name: "phone")
            #expect(try await Self.post(daemon, Self.steps, headers: ["api-key": key]).status == 401)
            await #expect(
                try EngineRegistry.engine(for: daemon.location).samples(
                    of: HKQuantityType(.stepCount), predicate: nil, as: .owner(source: .exportedHealthApp)
                ).isEmpty)
        }
    }

    @Test func anIngestKeyReachesNoOtherRouteAndAnAppCredentialCannotIngest() async throws {
        try await withWorld(.remote) { world in
            let daemon = try #require(world.daemon)
            let key = try Self.key(daemon)
            let open = Set([
                WireRoutes.openAPI.endpoint, WireRoutes.status.endpoint, WireRoutes.webApp.endpoint,
                WireRoutes.ingestHealthAutoExport.endpoint,
            ])
            for endpoint in WireRoutes.all where !open.contains(endpoint) {
                let path = endpoint.template.replacingOccurrences(
                    of: #"\{[^}]*\}"#, with: UUID().uuidString, options: .regularExpression)
                let answer = try await HTTP.call(endpoint.method.rawValue, daemon.url(path), bearer: key)
                #expect(answer.status == 401, "\(endpoint) with an ingest key")
            }
            let credential = try await daemon.register(Apps.app())
            let asApp = try await Self.post(daemon, Self.steps, headers: ["Authorization": "Bearer \(credential)"])
            #expect(asApp.status == 401)
            #expect(try await Self.post(daemon, Self.steps, headers: [:]).status == 401)
        }
    }
}
