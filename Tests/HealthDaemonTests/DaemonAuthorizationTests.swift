import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// Permission requests wait for the owner's answer; HealthKit's checks come first.
@Suite struct DaemonAuthorizationTests {
    @Test func aRequestWaitsUntilTheOwnerAnswers() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            let body = try WireAuthorizationRequest.names(["heartRate", "stepCount"], ["heartRate"])
            let waiting = try await app.call("POST", "/v1/authorization/request?wait=0.2", json: body)
            #expect(waiting.status == 202)
            let outcome = try waiting.decode(WireAuthorizationOutcome.self)
            let id = try #require(outcome.requestId)
            #expect(outcome.status == .pending)
            #expect(try await app.call("GET", "/v1/authorization/requests/\(id.uuidString)").status == 200)

            // Asking again joins the same request.
            #expect(try await app.call("POST", "/v1/authorization/request?wait=0.1", json: body).status == 202)
            let pending = try await daemon.owner("GET", "/v1/owner/authorization/pending").decode(
                WirePendingRequests.self
            ).requests
            #expect(pending.count == 1)
            #expect(pending.first?.id == id)
            #expect(
                pending.first?.toShare == ["HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount"])
            #expect(pending.first?.app.shareUsageDescription == "Reads your data to show trends.")

            let answered = try await daemon.owner(
                "POST", "/v1/owner/authorization/\(id.uuidString)/answer",
                json: WireAuthorizationAnswer(allowedToShare: ["heartRate"], allowedToRead: ["heartRate"]))
            #expect(answered.status == 200)
            #expect(try await app.call("POST", "/v1/authorization/request", json: body).status == 200)
            #expect(try await app.call("GET", "/v1/authorization/requests/\(id.uuidString)").status == 404)
            let heartRate = try await app.call("GET", "/v1/authorization/status?type=heartRate").decode(
                WireAuthorizationStatus.self)
            #expect(heartRate.authorizationStatus == .sharingAuthorized && heartRate.name == "sharingAuthorized")
            let steps = try await app.call("GET", "/v1/authorization/status?type=stepCount").decode(
                WireAuthorizationStatus.self)
            #expect(steps.authorizationStatus == .sharingDenied)
            let status = try await app.call("POST", "/v1/authorization/request-status", json: body).decode(
                WireRequestStatus.self)
            #expect(status.status == .unnecessary)

            let unknown = try await daemon.owner(
                "POST", "/v1/owner/authorization/\(UUID().uuidString)/answer",
                json: WireAuthorizationAnswer(allowedToShare: [], allowedToRead: []))
            #expect(unknown.status == 404)
        }
    }

    @Test func healthKitsChecksComeBeforeAnyQuestion() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            let disallowed = try await app.call(
                "POST", "/v1/authorization/request?wait=0",
                json: ["toShare": ["HKCorrelationTypeIdentifierBloodPressure"], "toRead": []])
            #expect(disallowed.status == 400)
            #expect(
                disallowed.error?.error.message
                    == "Authorization to share the following types is disallowed: HKCorrelationTypeIdentifierBloodPressure"
            )
            let check = try await app.call(
                "POST", "/v1/authorization/check",
                json: ["toShare": ["HKQuantityTypeIdentifierAppleExerciseTime"], "toRead": []])
            #expect(check.status == 400)
            #expect(
                try await daemon.owner("GET", "/v1/owner/authorization/pending").decode(WirePendingRequests.self)
                    .requests.isEmpty)
        }
    }

    @Test func theOwnerSeesAndChangesGrants() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let grants = try await daemon.owner("GET", "/v1/owner/apps/com.example.app/grants").decode(WireGrants.self)
            #expect(grants.grants["HKQuantityTypeIdentifierHeartRate"]?.share == "sharingAuthorized")
            #expect(grants.grants["HKQuantityTypeIdentifierHeartRate"]?.read == "authorized")
            let changed = try await daemon.owner("DELETE", "/v1/owner/apps/com.example.app/grants").decode(
                WireGrants.self)
            #expect(changed.grants["HKQuantityTypeIdentifierHeartRate"]?.share == "sharingDenied")
            let refused = try await app.save([AppClient.beat(60)])
            #expect(
                refused.status == 403 && refused.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue)
            let restored = try await daemon.owner(
                "PUT", "/v1/owner/apps/com.example.app/grants",
                json: WireGrants(grants: [
                    "heartRate": try JSONDecoder().decode(
                        WireGrant.self, from: Data(#"{"share": "sharingAuthorized", "read": "denied"}"#.utf8))
                ]))
            #expect(restored.status == 200)
            #expect(try await app.save([AppClient.beat(60)]).status == 200)
        }
    }
}
