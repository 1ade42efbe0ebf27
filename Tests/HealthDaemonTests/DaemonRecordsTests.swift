import Foundation
import Testing
import HealthDaemon
import OpenHealthKit
import OpenHealthKitWire

/// What healthd remembers beside the data: the audit log, background delivery requests, characteristics set by the
/// owner, and its own description.
@Suite struct DaemonRecordsTests {
    @Test func theAuditLogRecordsEveryReadAndWrite() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let start = Date().timeIntervalSince1970
            #expect(try await app.save([AppClient.beat(60), AppClient.beat(61, at: 1_700_000_060)]).status == 200)
            #expect(try await app.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).status == 200)
            #expect(try await app.save([AppClient.beat(62, unit: "kg")]).status == 400)
            #expect(
                try await app.call("POST", "/v1/queries/anchored", json: ["queries": [["type": "heartRate"]]]).status
                    == 200)

            let log = try await daemon.owner("GET", "/v1/owner/audit?app=com.example.app&since=\(start)").decode(
                WireAuditLog.self)
            let lines = log.entries.map {
                "\($0.operation) \($0.types.joined()) \($0.sampleCount) \($0.outcome) \($0.errorCode.map(String.init) ?? "-")"
            }
            #expect(
                lines == [
                    "save HKQuantityTypeIdentifierHeartRate 2 success -",
                    "query.samples HKQuantityTypeIdentifierHeartRate 2 success -",
                    "save HKQuantityTypeIdentifierHeartRate 0 failure 3",
                    "query.anchored HKQuantityTypeIdentifierHeartRate 2 success -",
                ])
            #expect(
                log.entries.allSatisfy { $0.app == "com.example.app" && $0.time.date.timeIntervalSince1970 >= start })
            let all = try await daemon.owner("GET", "/v1/owner/audit").decode(WireAuditLog.self)
            #expect(all.entries.first?.operation == "authorization.request")
            let paged = try await daemon.owner("GET", "/v1/owner/audit?after=\(all.entries[0].id)&limit=1").decode(
                WireAuditLog.self)
            #expect(paged.entries.map(\.id) == [all.entries[1].id])
            #expect(try await daemon.owner("GET", "/v1/owner/audit?since=soon").status == 400)
        }
    }

    @Test func backgroundDeliveryNeedsItsEntitlementAndIsRemembered() async throws {
        try await withDaemon { daemon in
            let plain = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            let refused = try await plain.call(
                "POST", "/v1/background-delivery", json: ["type": "heartRate", "frequency": "hourly"])
            #expect(refused.status == 403)
            #expect(refused.error?.error.code == HKError.Code.errorAuthorizationDenied.rawValue)
            #expect(
                refused.error?.error.message == "Missing com.apple.developer.healthkit.background-delivery entitlement."
            )

            var manifest = Apps.app("com.example.background")
            manifest.hasBackgroundDeliveryEntitlement = true
            let credential = try await daemon.register(manifest)
            let app = AppClient(daemon: daemon, credential: credential)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "heartRate", "frequency": "hourly"]
                ).status == 200)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "stepCount", "frequency": "immediate"]
                ).status == 200)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "stepCount", "frequency": "sometimes"]
                ).status == 400)
            #expect(
                try await app.call(
                    "POST", "/v1/background-delivery", json: ["type": "bloodPressure", "frequency": "daily"]
                ).status == 400)
            #expect(try await app.call("DELETE", "/v1/background-delivery?type=stepCount").status == 200)

            // A second healthd on the same store (another start) finds the request in the database.
            let again = try await HealthDaemon(configuration: DaemonConfiguration(port: 0, storePath: daemon.storePath))
                .start()
            let listed = try await HTTP.call(
                "GET", URL(string: again.address.absoluteString + "/v1/background-delivery")!, bearer: credential
            )
            .decode(WireBackgroundDeliveries.self)
            try await again.stop()
            #expect(listed.deliveries.map(\.type) == ["HKQuantityTypeIdentifierHeartRate"])
            #expect(listed.deliveries.first?.frequency == "hourly")
            #expect(try await app.call("DELETE", "/v1/background-delivery").status == 200)
            #expect(
                try await app.call("GET", "/v1/background-delivery").decode(WireBackgroundDeliveries.self).deliveries
                    .isEmpty)
        }
    }

    @Test func theOwnerSetsCharacteristicsAndSeesSources() async throws {
        try await withDaemon { daemon in
            let path = "/v1/owner/characteristics/HKCharacteristicTypeIdentifierBloodType"
            #expect(
                try await daemon.owner("PUT", path, json: WireCharacteristic(type: "bloodType", value: "99")).status
                    == 400)
            #expect(
                try await daemon.owner(
                    "PUT", "/v1/owner/characteristics/dateOfBirth",
                    json: WireCharacteristic(type: "", value: "2999-01-01")
                ).status == 400)
            #expect(
                try await daemon.owner("PUT", path, json: WireCharacteristic(type: "bloodType", value: "2")).status
                    == 200)
            #expect(try await daemon.owner("GET", path).decode(WireCharacteristic.self).value == "2")
            #expect(
                try await daemon.owner("PUT", path, json: WireCharacteristic(type: "bloodType", value: nil)).status
                    == 200)
            #expect(try await daemon.owner("GET", path).decode(WireCharacteristic.self).value == nil)

            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            #expect(try await app.save([AppClient.beat(60)]).status == 200)
            let sources = try await daemon.owner("GET", "/v1/owner/sources?type=heartRate").decode(
                WireSourcesResponse.self)
            #expect(sources.sources.map(\.bundleIdentifier) == ["com.example.app"])
        }
    }

    @Test func theOpenAPIDocumentIsServedAndMatchesTheCommittedFile() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml")
        let committed = try String(contentsOf: file, encoding: .utf8)
        try await withDaemon { daemon in
            let served = try await HTTP.call("GET", daemon.url("/openapi.yaml"))
            #expect(served.status == 200)
            #expect(served.contentType?.hasPrefix("application/yaml") == true)
            #expect(
                served.text == committed,
                "docs/openapi.yaml changed: run python3 Scripts/generate_openapi.py, then rebuild")
            for path in [
                "/v1/samples", "/v1/changes/stream", "/v1/owner/apps", "/v1/owner/audit", "/v1/authorization/request",
            ] {
                #expect(committed.contains("\n  \(path):"), "\(path) is documented")
            }
        }
    }
}
