import Foundation
import HTTPTypes
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitWire

/// Background delivery in healthd: the change stream announces what is pending when the app connects, and an app
/// without a stream is woken through its loopback callback, at most once per its frequency.
@Suite struct DaemonBackgroundDeliveryTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let steps = "HKQuantityTypeIdentifierStepCount"

    /// An app with the background-delivery entitlement allowed to read and write `types`, and another app that writes.
    func apps(_ daemon: DaemonHarness, types: [String]) async throws -> (app: AppClient, writer: AppClient) {
        var manifest = Apps.app("com.example.background")
        manifest.hasBackgroundDeliveryEntitlement = true
        let app = try await AppClient.authorized(daemon, manifest, types: types)
        let writer = try await AppClient.authorized(daemon, Apps.app("com.example.writer"), types: types)
        return (app, writer)
    }

    func steps(_ count: Double, at seconds: Double) -> WireSample {
        var sample = WireSample(
            type: Self.steps, startDate: Date(timeIntervalSince1970: seconds),
            endDate: Date(timeIntervalSince1970: seconds + 60))
        sample.quantity = WireQuantity(value: count, unit: "count")
        return sample
    }

    @Test func theStreamAnnouncesPendingChangesWhenTheAppConnects() async throws {
        try await withDaemon { daemon in
            let (app, writer) = try await apps(daemon, types: ["heartRate"])
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "heartRate", "frequency": "immediate"]
                ).status == 200)
            #expect(try await writer.save([AppClient.beat(60)]).status == 200)
            let anchor = try await app.anchor()

            let stream = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=heartRate"), credential: app.credential)
            let events = try await stream.wait { !$0.isEmpty }
            #expect(events.first?.change.types == [Self.heartRate])
            stream.close()

            let listed = try await app.call("GET", "/v1/background-delivery").decode(WireBackgroundDeliveries.self)
            #expect(listed.deliveries.first?.acknowledgedAnchor ?? -1 < anchor)
            let acknowledgement = WireBackgroundDeliveryAcknowledgement(types: [Self.heartRate], anchor: anchor)
            #expect(
                try await app.call("POST", "/v1/background-delivery/acknowledge", json: acknowledgement).status == 200)
            let after = try await app.call("GET", "/v1/background-delivery").decode(WireBackgroundDeliveries.self)
            #expect(after.deliveries.first?.acknowledgedAnchor == anchor)

            let again = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=heartRate"), credential: app.credential)
            #expect(try await again.connected() == 200)
            try await Task.sleep(for: .milliseconds(300))
            #expect(again.events.isEmpty)
            again.close()
        }
    }

    @Test func anAppWithoutAStreamIsWokenAtItsCallbackAtMostOncePerPeriod() async throws {
        let receiver = try await CallbackReceiver.start()
        try await withDaemon { daemon in
            let (app, writer) = try await apps(daemon, types: ["heartRate", "stepCount"])
            for refused in [
                "http://example.com/wake", "http://10.0.0.1/wake", "https://127.0.0.1/wake", "ftp://127.0.0.1/",
                "nonsense",
            ] {
                let answer = try await app.call(
                    "PUT", "/v1/background-delivery/callback", json: WireBackgroundDeliveryCallback(url: refused))
                #expect(answer.status == 400, "\(refused)")
            }
            #expect(
                try await app.call(
                    "PUT", "/v1/background-delivery/callback",
                    json: WireBackgroundDeliveryCallback(url: receiver.url.absoluteString)
                ).status == 200)
            #expect(
                try await app.call("GET", "/v1/background-delivery").decode(WireBackgroundDeliveries.self).callback
                    == receiver.url.absoluteString)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "heartRate", "frequency": "immediate"]
                ).status == 200)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "stepCount", "frequency": "hourly"]
                ).status == 200)

            // Immediate: woken for the change.
            #expect(try await writer.save([AppClient.beat(60)]).status == 200)
            let first = try await receiver.wait(for: 1)
            #expect(
                first[0]
                    == WireBackgroundWake(
                        app: "com.example.background", types: [Self.heartRate], anchor: try await app.anchor()))
            let acknowledgement = WireBackgroundDeliveryAcknowledgement(
                types: [Self.heartRate], anchor: first[0].anchor)
            #expect(
                try await app.call("POST", "/v1/background-delivery/acknowledge", json: acknowledgement).status == 200)

            // Hourly: woken for the first change, not again within the hour.
            #expect(try await writer.save([steps(100, at: 1_700_000_000)]).status == 200)
            let second = try await receiver.wait(for: 2)
            #expect(second[1].types == [Self.steps])
            #expect(try await writer.save([steps(50, at: 1_700_003_600)]).status == 200)
            try await Task.sleep(for: .milliseconds(600))
            #expect(receiver.received.count == 2)

            // A running app (a change stream open) is not woken.
            let stream = EventStreamReader(
                url: daemon.url("/v1/changes/stream?types=heartRate"), credential: app.credential)
            #expect(try await stream.connected() == 200)
            #expect(try await writer.save([AppClient.beat(61, at: 1_700_000_060)]).status == 200)
            _ = try await stream.wait { $0.contains { $0.change.types.contains(Self.heartRate) } }
            try await Task.sleep(for: .milliseconds(300))
            #expect(receiver.received.count == 2)
            stream.close()

            // Another app's change that the app cannot see does not wake it: deny its reads.
            let denied = WireGrants(grants: [Self.heartRate: WireGrant(Grant(share: .sharingAuthorized, read: .denied))]
            )
            #expect(
                try await daemon.owner("PUT", "/v1/owner/apps/com.example.background/grants", json: denied).status
                    == 200)
            let acknowledgeAll = WireBackgroundDeliveryAcknowledgement(
                types: [Self.heartRate], anchor: try await app.anchor())
            #expect(
                try await app.call("POST", "/v1/background-delivery/acknowledge", json: acknowledgeAll).status == 200)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await writer.save([AppClient.beat(62, at: 1_700_000_120)]).status == 200)
            try await Task.sleep(for: .milliseconds(600))
            #expect(receiver.received.count == 2)
        }
        try await receiver.stop()
    }

    @Test func aCallbackThatFailsThreeTimesIsNoLongerCalled() async throws {
        let receiver = try await CallbackReceiver.start()
        receiver.answer(with: .internalServerError)
        try await withDaemon { daemon in
            let (app, writer) = try await apps(daemon, types: ["heartRate"])
            #expect(
                try await app.call(
                    "PUT", "/v1/background-delivery/callback",
                    json: WireBackgroundDeliveryCallback(url: receiver.url.absoluteString)
                ).status == 200)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "heartRate", "frequency": "immediate"]
                ).status == 200)
            #expect(try await writer.save([AppClient.beat(60)]).status == 200)
            // The first attempt, then retries after 1 s and 2 s.
            _ = try await receiver.wait(for: 3)
            #expect(try await writer.save([AppClient.beat(61, at: 1_700_000_060)]).status == 200)
            try await Task.sleep(for: .milliseconds(1500))
            #expect(receiver.received.count == 3)

            // Registering the callback again resumes wake-ups.
            receiver.answer(with: .noContent)
            #expect(
                try await app.call(
                    "PUT", "/v1/background-delivery/callback",
                    json: WireBackgroundDeliveryCallback(url: receiver.url.absoluteString)
                ).status == 200)
            _ = try await receiver.wait(for: 4)
        }
        try await receiver.stop()
    }
}
