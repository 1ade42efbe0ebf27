import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitWire

/// The change stream: events with anchors, no change lost across reconnections, only what the app can see, and
/// revocation closing it.
@Suite struct DaemonChangeStreamTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"

    func stream(_ daemon: DaemonHarness, _ app: AppClient, anchor: Int64? = nil, lastEventID: Int64? = nil)
        -> EventStreamReader
    {
        let query = "types=\(Self.heartRate)" + (anchor.map { "&anchor=\($0)" } ?? "")
        return EventStreamReader(
            url: daemon.url("/v1/changes/stream?\(query)"), credential: app.credential, lastEventID: lastEventID)
    }

    @Test func eventsCarryAnchorsAndResumeWithoutLosingAChange() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            #expect(try await app.save([AppClient.beat(60)]).status == 200)
            let first = try await app.anchor()

            // From anchor 0: the change already made is reported at once, then each new one.
            let reader = stream(daemon, app, anchor: 0)
            let caughtUp = try await reader.wait { $0.count == 1 }
            #expect(
                caughtUp[0].id == first && caughtUp[0].change == WireChangeEvent(anchor: first, types: [Self.heartRate])
            )
            #expect(try await app.save([AppClient.beat(61, at: 1_700_000_060)]).status == 200)
            let live = try await reader.wait { $0.count == 2 }
            let seen = try #require(live[1].id)
            #expect(seen > first)
            reader.close()

            // A change made while disconnected is reported on reconnection with Last-Event-ID.
            #expect(try await app.save([AppClient.beat(62, at: 1_700_000_120)]).status == 200)
            let missed = try await app.anchor()
            let resumed = stream(daemon, app, lastEventID: seen)
            let replay = try await resumed.wait { !$0.isEmpty }
            #expect(replay.first?.id == missed)
            #expect(resumed.status == 200)
            resumed.close()

            // Without an anchor the stream starts now: nothing old is reported, the first event it carries is of a
            // change made after it connected.
            let fresh = stream(daemon, app)
            #expect(try await fresh.connected() == 200)
            #expect(try await app.save([AppClient.beat(63, at: 1_700_000_180)]).status == 200)
            let later = try await app.anchor()
            let heard = try await fresh.wait { $0.contains { $0.id == later } }
            #expect(heard.map(\.id) == [later])
            fresh.close()
        }
    }

    @Test func anAppHearsOnlyOfChangesItCanSee() async throws {
        try await withDaemon { daemon in
            let writer = try await AppClient.authorized(daemon, Apps.app("com.example.writer"), types: ["heartRate"])
            let blind = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app("com.example.blind")))
            daemon.answerRequests(of: "com.example.blind") { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            #expect(
                try await blind.call(
                    "POST", "/v1/authorization/request",
                    json: try WireAuthorizationRequest.names(["heartRate"], ["heartRate"])
                ).status == 200)
            let reader = stream(daemon, blind)
            #expect(try await reader.connected() == 200)
            #expect(try await writer.save([AppClient.beat(60)]).status == 200)
            // The blind app's own save, made after the writer's, is the first (and only) event it hears.
            #expect(try await blind.save([AppClient.beat(70)]).status == 200)
            let own = try await blind.anchor()
            #expect(try await reader.wait { $0.contains { $0.id == own } }.map(\.id) == [own])
            reader.close()
        }
    }

    @Test func revokingTheAppClosesItsStream() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let reader = stream(daemon, app)
            #expect(try await reader.connected() == 200)
            #expect(try await daemon.owner("DELETE", "/v1/owner/apps/com.example.app").status == 200)
            try await reader.ended()
            #expect(reader.hasEnded)
            #expect(try await app.call("GET", "/v1/anchor").status == 401)
            let refused = stream(daemon, app)
            #expect(try await refused.connected() == 401)
            refused.close()
        }
    }

    @Test func aStreamAskingForPriorityEventsHearsTheSourceOrderChange() async throws {
        try await withDaemon { daemon in
            let steps = "HKQuantityTypeIdentifierStepCount"
            let app = try await AppClient.authorized(daemon, types: ["stepCount"])
            let both = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=\(steps)&events=change,priority"), credential: app.credential)
            let plain = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=\(steps)"), credential: app.credential)
            #expect(try await both.connected() == 200)
            #expect(try await plain.connected() == 200)
            let anchor = try await app.anchor()
            let order = WireSourcePriority(type: steps, sources: ["com.example.watch", "com.example.app"])
            #expect(try await daemon.owner("PUT", "/v1/owner/sources/priority", json: order).status == 200)
            let heard = try await both.wait { !$0.isEmpty }
            // No id: a priority change has no anchor to resume from.
            #expect(heard.count == 1 && heard[0].name == "priority" && heard[0].id == nil)
            #expect(heard[0].change == WireChangeEvent(anchor: anchor, types: [steps]))
            // The plain stream's first event is a later change, not the priority.
            var later = WireSample(
                type: steps, startDate: Date(timeIntervalSince1970: 1_700_000_000),
                endDate: Date(timeIntervalSince1970: 1_700_000_060))
            later.quantity = WireQuantity(value: 10, unit: "count")
            #expect(try await app.save([later]).status == 200)
            let changed = try await app.anchor()
            #expect(try await plain.wait { !$0.isEmpty }.map(\.id) == [changed])
            both.close()
            plain.close()

            let refused = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=\(steps)&events=change,gossip"), credential: app.credential)
            #expect(try await refused.connected() == 400)
            refused.close()
        }
    }

    /// An app that asked to read heart rate and activity summaries and got `readsSummaries`.
    func summaryReader(_ daemon: DaemonHarness, _ bundleIdentifier: String, readsSummaries: Bool) async throws
        -> AppClient
    {
        let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app(bundleIdentifier)))
        daemon.answerRequests(of: bundleIdentifier) { request in
            AuthorizationAnswer(
                allowedToShare: request.toShare,
                allowedToRead: readsSummaries ? request.toRead : request.toRead.filter { $0 is HKSampleType })
        }
        let asked = try await app.call(
            "POST", "/v1/authorization/request",
            json: try WireAuthorizationRequest.names(["heartRate"], ["heartRate", HKActivitySummaryTypeIdentifier]))
        guard asked.status == 200 else { throw HarnessError("authorization failed: \(asked.text)") }
        return app
    }

    /// Imports a day's activity summary into healthd's store file from this process, as `hk import` does.
    func importSummary(_ daemon: DaemonHarness, day: String) async throws {
        var batch = ImportBatch()
        var row = ActivitySummaryRow(date: day)
        row.activeEnergyBurned = 420
        batch.activitySummaries = [row]
        let location = HealthStoreConfiguration.Location.file(daemon.storePath)
        defer { EngineRegistry.close(location) }
        _ = try await EngineRegistry.engine(for: location).importBatch(batch)
    }

    @Test func aStreamOfActivitySummariesHearsAnImportOfThemAsAnEventWithoutId() async throws {
        try await withDaemon { daemon in
            let app = try await summaryReader(daemon, "com.example.rings", readsSummaries: true)
            let reader = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=\(HKActivitySummaryTypeIdentifier)"),
                credential: app.credential)
            #expect(try await reader.connected() == 200)
            try await importSummary(daemon, day: "2024-03-01")
            let heard = try await reader.wait { !$0.isEmpty }
            #expect(heard.count == 1 && heard[0].name == "summaries" && heard[0].id == nil)
            #expect(heard[0].change.types == [HKActivitySummaryTypeIdentifier])
            reader.close()
        }
    }

    @Test func anAppThatMayNotReadActivitySummariesDoesNotHearThemChange() async throws {
        try await withDaemon { daemon in
            let app = try await summaryReader(daemon, "com.example.blind", readsSummaries: false)
            let reader = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=\(HKActivitySummaryTypeIdentifier),\(Self.heartRate)"),
                credential: app.credential)
            #expect(try await reader.connected() == 200)
            try await importSummary(daemon, day: "2024-03-01")
            // The app's own save, made after the import, is the first event it hears.
            #expect(try await app.save([AppClient.beat(70)]).status == 200)
            let own = try await app.anchor()
            let heard = try await reader.wait { $0.contains { $0.id == own } }
            #expect(heard.map(\.name) == ["change"])
            reader.close()
        }
    }

    @Test func aStreamAskingForUnitsEventsHearsThePreferredUnitChange() async throws {
        try await withDaemon { daemon in
            let mass = HKQuantityType(.bodyMass)
            let app = try await AppClient.authorized(daemon, types: ["bodyMass"])
            let reader = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=\(mass.identifier)&events=units"), credential: app.credential)
            #expect(try await reader.connected() == 200)
            let location = HealthStoreConfiguration.Location.file(daemon.storePath)
            defer { EngineRegistry.close(location) }
            try await EngineRegistry.engine(for: location).setPreferredUnit(.pound(), for: mass)
            let heard = try await reader.wait { !$0.isEmpty }
            #expect(heard.count == 1 && heard[0].name == "units" && heard[0].id == nil)
            #expect(heard[0].change.types == [mass.identifier])
            reader.close()
        }
    }

    @Test func healthdStopsCleanlyWhileStreamsAreOpen() async throws {
        let daemon = try await DaemonHarness.start()
        let app = try await AppClient.authorized(daemon, types: ["heartRate"])
        let reader = stream(daemon, app)
        #expect(try await reader.connected() == 200)
        try await daemon.stop()
        try await reader.ended()
        #expect(reader.hasEnded)
    }
}
