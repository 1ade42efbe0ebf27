import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// An app speaking healthd's JSON directly, as a client in another language would.
struct AppClient: Sendable {
    let daemon: DaemonHarness
    let credential: String

    /// Registers `app` and has the owner allow it to write and read `types`.
    static func authorized(_ daemon: DaemonHarness, _ app: AppManifest = Apps.app(), types: [String]) async throws
        -> AppClient
    {
        let client = AppClient(daemon: daemon, credential: try await daemon.register(app))
        daemon.answerRequests(of: app.bundleIdentifier, with: AuthorizationAnswer.allowAll)
        let request = try WireAuthorizationRequest.names(types, types)
        var answer = try await client.call("POST", "/v1/authorization/request", json: request)
        // 202: healthd's wait (30 s) ended before the answering task ran, as it may on a loaded machine: ask again
        // until the answer comes, which is the event this waits on.
        while answer.status == 202 {
            answer = try await client.call("POST", "/v1/authorization/request", json: request)
        }
        guard answer.status == 200 else { throw HarnessError("authorization failed: \(answer.text)") }
        return client
    }

    func call(_ method: String, _ path: String, json: (any Encodable)? = nil, body: Data? = nil) async throws
        -> HTTPAnswer
    {
        try await daemon.app(credential, method, path, json: json, body: body)
    }

    func save(_ samples: [WireSample]) async throws -> HTTPAnswer {
        try await call("POST", "/v1/samples", json: WireSaveRequest(objects: samples))
    }

    func anchor() async throws -> Int64 {
        try await call("GET", "/v1/anchor").decode(WireAnchorResponse.self).anchor
    }

    /// A heart-rate sample in JSON form.
    static func beat(_ value: Double, unit: String = "count/min", at seconds: Double = 1_700_000_000) -> WireSample {
        var sample = WireSample(
            type: "HKQuantityTypeIdentifierHeartRate", startDate: Date(timeIntervalSince1970: seconds),
            endDate: Date(timeIntervalSince1970: seconds))
        sample.quantity = WireQuantity(value: value, unit: unit)
        return sample
    }
}

extension WireAuthorizationRequest {
    /// A request by type names.
    static func names(_ share: [String], _ read: [String]) throws -> WireAuthorizationRequest {
        WireAuthorizationRequest(toShare: try WireTypes.sampleTypes(share), toRead: try WireTypes.objectTypes(read))
    }
}
