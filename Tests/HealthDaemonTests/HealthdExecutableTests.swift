import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitModel
import OpenHealthKitTesting
import OpenHealthKitWire

/// The `healthd` executable: nothing to configure, the owner secret shown once, a graceful stop on SIGTERM.
@Suite struct HealthdExecutableTests {
    /// healthd on a store of its own with the example app registered: healthd, the owner secret and the app's
    /// credential.
    func launchWithApp() async throws -> (Healthd, String, String) {
        let running = try await Healthd.launch()
        return (running, running.ownerSecret, try await running.register(AppPlists(Apps.app())))
    }

    @Test func theFirstStartShowsTheOwnerSecretOnceAndLaterStartsDoNot() async throws {
        let first = try await Healthd.launch()
        defer { try? FileManager.default.removeItem(at: first.directory) }
        let secret = try String(contentsOfFile: first.storePath + ".owner-secret", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(first.banner.hasPrefix("Health is at http://127.0.0.1:"))
        #expect(first.banner.contains("— owner secret: \(secret)\n"))
        #expect(
            try await HTTP.call("GET", URL(string: first.address.absoluteString + "/v1/owner/apps")!, bearer: secret)
                .status == 200)
        await first.terminate()
        #expect(first.terminationStatus == 0)

        let second = try await Healthd.launch(directory: first.directory)
        #expect(second.banner.hasPrefix("Health is at http://127.0.0.1:"))
        #expect(!second.banner.contains(secret))
        #expect(
            try await HTTP.call("GET", URL(string: second.address.absoluteString + "/v1/owner/apps")!, bearer: secret)
                .status == 200)
        await second.terminate()
    }

    @Test func whatWasAcknowledgedSurvivesAStopAndWaitingRequestsGetAnAnswer() async throws {
        let (running, secret, credential) = try await launchWithApp()
        defer { try? FileManager.default.removeItem(at: running.directory) }

        // A permission request is waiting for the owner when healthd is asked to stop: the call is told to ask again,
        // and the request is kept for the next start.
        let body = try WireAuthorizationRequest.names(["heartRate"], ["heartRate"])
        let ended = Locked<String?>(nil)
        let waiting = Task {
            let answer = try await HTTP.call(
                "POST", URL(string: running.address.absoluteString + "/v1/authorization/request?wait=60")!,
                bearer: credential, json: body, timeout: 90)
            ended.withLock { $0 = "\(answer.status) \(answer.text)" }
            return answer
        }
        let owner = DaemonOwner(address: running.address, secret: secret)
        let pending = try await owner.pendingOnceAsked(unlessEnded: ended)
        #expect(pending.count == 1)
        await running.terminate()
        let interrupted = try await waiting.value
        #expect(interrupted.status == 202)
        let outcome = try interrupted.decode(WireAuthorizationOutcome.self)
        #expect(outcome.status == .pending && outcome.requestId == pending.first?.id)
        #expect(running.terminationStatus == 0)

        // Saved (acknowledged) in one run, there in the next.
        let restarted = try await Healthd.launch(directory: running.directory)
        let restartedOwner = DaemonOwner(address: restarted.address, secret: secret)
        #expect(try await restartedOwner.pending().map(\.id) == pending.map(\.id))
        let store2 = HKHealthStore(
            configuration: HealthStoreConfiguration(remote: .init(address: restarted.address, credential: credential)))
        let answering = Task { try await restartedOwner.allowEverything() }
        try await store2.requestAuthorization(toShare: [HKQuantityType(.heartRate)], read: [HKQuantityType(.heartRate)])
        answering.cancel()
        let beat = HKQuantitySample(
            type: HKQuantityType(.heartRate),
            quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 64), start: Date(), end: Date()
        )
        try await store2.save(beat)
        await restarted.terminate()

        let third = try await Healthd.launch(directory: running.directory)
        let store3 = HKHealthStore(
            configuration: HealthStoreConfiguration(remote: .init(address: third.address, credential: credential)))
        #expect(try await Fetch.samples(store3, HKQuantityType(.heartRate)).map(\.uuid) == [beat.uuid])
        await third.terminate()
    }

    /// An app waits in `requestAuthorization` while healthd stops (gracefully, then killed) and starts again on the same
    /// port: the owner still sees the request after the restart, and the app's call completes when they answer.
    @Test(arguments: [false, true])
    func aWaitingPermissionRequestSurvivesARestart(killed: Bool) async throws {
        let (first, secret, credential) = try await launchWithApp()
        defer { try? FileManager.default.removeItem(at: first.directory) }
        let owner = DaemonOwner(address: first.address, secret: secret)
        let app = HKHealthStore(
            configuration: HealthStoreConfiguration(remote: .init(address: first.address, credential: credential)))
        let heartRate = HKQuantityType(.heartRate)
        let ended = Locked<String?>(nil)
        let asking = Task {
            do {
                try await app.requestAuthorization(toShare: [heartRate], read: [heartRate])
                ended.withLock { $0 = "answered" }
            } catch {
                ended.withLock { $0 = "\(error)" }
                throw error
            }
        }
        let asked = try await owner.pendingOnceAsked(unlessEnded: ended)
        if killed { await first.kill() } else { await first.terminate() }
        let port = try #require(first.address.port)
        let second = try await Healthd.launch(directory: first.directory, arguments: ["--port", String(port)])
        defer { Task { await second.terminate() } }

        // The same request, once: asking the restarted healthd again joins the kept request instead of adding one.
        let again = try await HTTP.call(
            "POST", URL(string: second.address.absoluteString + "/v1/authorization/request?wait=0")!,
            bearer: credential, json: try WireAuthorizationRequest.names(["heartRate"], ["heartRate"]))
        #expect(again.status == 202)
        #expect(try again.decode(WireAuthorizationOutcome.self).requestId == asked.first?.id)
        let kept = try await owner.pending()
        #expect(kept.map(\.id) == asked.map(\.id))
        #expect(kept.first?.toShare == [heartRate.identifier])
        #expect(try await owner.answer(asked[0].id, allowingToShare: [heartRate.identifier]) == 200)
        try await asking.value
        #expect(app.authorizationStatus(for: heartRate) == .sharingAuthorized)
        #expect(try await owner.pending().isEmpty)
    }

    /// Asked, then healthd restarted and the app gone: the owner's answer after the restart is still recorded.
    @Test func aKeptRequestAnsweredAfterARestartIsRecordedForTheApp() async throws {
        let (first, secret, credential) = try await launchWithApp()
        defer { try? FileManager.default.removeItem(at: first.directory) }
        let request = try await HTTP.call(
            "POST", URL(string: first.address.absoluteString + "/v1/authorization/request?wait=0")!, bearer: credential,
            json: try WireAuthorizationRequest.names(["heartRate", "stepCount"], ["heartRate"]))
        #expect(request.status == 202)
        await first.terminate()

        let second = try await Healthd.launch(directory: first.directory)
        defer { Task { await second.terminate() } }
        let owner = DaemonOwner(address: second.address, secret: secret)
        let kept = try #require(try await owner.pending().first)
        #expect(kept.app.bundleIdentifier == "com.example.app")
        #expect(try await owner.answer(kept.id, allowingToShare: [HKQuantityTypeIdentifier.heartRate.rawValue]) == 200)
        let app = HKHealthStore(
            configuration: HealthStoreConfiguration(remote: .init(address: second.address, credential: credential)))
        #expect(app.authorizationStatus(for: HKQuantityType(.heartRate)) == .sharingAuthorized)
        #expect(app.authorizationStatus(for: HKQuantityType(.stepCount)) == .sharingDenied)
        #expect(try await owner.pending().isEmpty)
    }

    @Test func badArgumentsAreRefused() async throws {
        let process = try ChildProcess(
            Healthd.executable, ["--port", "70000"], environment: PinnedEnvironment.variables())
        #expect(await process.ended().status != 0)
    }
}

/// The owner's side of a healthd run as a process.
struct DaemonOwner: Sendable {
    let address: URL
    let secret: String

    /// The requests waiting for the owner.
    /// The pending requests once the app's request reached the owner; fails at once, saying how, if the app's call
    /// (which sets `ended`) ended first, instead of waiting out the safety timeout for a request that cannot come.
    func pendingOnceAsked(unlessEnded ended: Locked<String?>) async throws -> [WirePendingRequest] {
        var pending: [WirePendingRequest] = []
        try await waitUntil("the request to reach the owner") {
            pending = try await self.pending()
            if pending.isEmpty, let outcome = ended.withLock({ $0 }) {
                throw HarnessError("the app's call ended before its request reached the owner: \(outcome)")
            }
            return !pending.isEmpty
        }
        return pending
    }

    func pending() async throws -> [WirePendingRequest] {
        try await HTTP.call(
            "GET", URL(string: address.absoluteString + "/v1/owner/authorization/pending")!, bearer: secret
        )
        .decode(WirePendingRequests.self).requests
    }

    /// Answers a request, allowing these types to be shared and nothing else; returns the status.
    func answer(_ id: UUID, allowingToShare types: [String]) async throws -> Int {
        try await HTTP.call(
            "POST", URL(string: address.absoluteString + "/v1/owner/authorization/\(id.uuidString)/answer")!,
            bearer: secret,
            json: WireAuthorizationAnswer(allowedToShare: types, allowedToRead: [])
        ).status
    }

    /// Allows every pending request, until cancelled.
    func allowEverything() async throws {
        while !Task.isCancelled {
            let pending = try await HTTP.call(
                "GET", URL(string: address.absoluteString + "/v1/owner/authorization/pending")!, bearer: secret
            )
            .decode(WirePendingRequests.self)
            for request in pending.requests {
                _ = try await HTTP.call(
                    "POST",
                    URL(string: address.absoluteString + "/v1/owner/authorization/\(request.id.uuidString)/answer")!,
                    bearer: secret,
                    json: WireAuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: request.toRead))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
