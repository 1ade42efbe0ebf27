import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitWire

/// Bad input over HTTP is a 4xx with a JSON error, never a 500 or a crash, and changes nothing.
@Suite struct DaemonInputTests {
    @Test func badBodiesAreRefusedAndTheStoreIsUnchanged() async throws {
        try await withDaemon(maximumBodySize: 64 * 1024) { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate", "sleepAnalysis"])
            #expect(try await app.save([AppClient.beat(60)]).status == 200)
            let before = try await app.anchor()

            var badCategory = WireSample(type: "sleepAnalysis", startDate: Date(), endDate: Date())
            badCategory.value = 99
            var backwards = AppClient.beat(70, at: 1_700_000_100)
            backwards.endDate = WireDate(Date(timeIntervalSince1970: 1_700_000_000))
            let refusals: [(String, Data, Int)] = [
                ("malformed JSON", Data(#"{"objects": [{"uuid": "#.utf8), 400),
                ("not an object", Data("[1, 2, 3]".utf8), 400),
                ("empty body", Data(), 400),
                (
                    "unknown type",
                    try JSONEncoder().encode(
                        WireSaveRequest(objects: [
                            WireSample(type: "HKQuantityTypeIdentifierMood", startDate: Date(), endDate: Date())
                        ])), 400
                ),
                (
                    "unknown unit",
                    try JSONEncoder().encode(WireSaveRequest(objects: [AppClient.beat(60, unit: "furlongs")])), 400
                ),
                (
                    "wrong unit", try JSONEncoder().encode(WireSaveRequest(objects: [AppClient.beat(60, unit: "kg")])),
                    400
                ),
                ("category value", try JSONEncoder().encode(WireSaveRequest(objects: [badCategory])), 400),
                ("end before start", try JSONEncoder().encode(WireSaveRequest(objects: [backwards])), 400),
                (
                    "one bad sample in a batch",
                    try JSONEncoder().encode(
                        WireSaveRequest(objects: [AppClient.beat(61), AppClient.beat(62, unit: "kg")])), 400
                ),
                (
                    "oversized body",
                    try JSONEncoder().encode(WireSaveRequest(objects: (0..<2000).map { AppClient.beat(Double($0)) })),
                    413
                ),
            ]
            for (name, body, status) in refusals {
                let answer = try await app.call("POST", "/v1/samples", body: body)
                #expect(answer.status == status, "\(name): \(answer.text)")
                #expect(answer.error != nil, "\(name) answers a JSON error")
                #expect(answer.contentType?.hasPrefix("application/json") == true)
            }
            #expect(try await app.anchor() == before)
            let samples = try await app.call("POST", "/v1/queries/samples", json: ["type": "heartRate"]).decode(
                WireSamplesResponse.self)
            #expect(samples.samples.count == 1)
        }
    }

    @Test func badQueriesAreRefusedWithHealthKitsCode() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let queries: [(String, String)] = [
                ("/v1/queries/samples", #"{"type": "heartRate", "predicate": {"kind": "sometimes"}}"#),
                ("/v1/queries/samples", #"{"type": "heartRate", "sort": [{"key": "color", "ascending": true}]}"#),
                ("/v1/queries/samples", #"{"type": "HKCharacteristicTypeIdentifierBloodType"}"#),
                (
                    "/v1/queries/samples",
                    #"{"type": "heartRate", "predicate": {"kind": "quantity", "operator": ">", "quantity": {"value": 1, "unit": "kg"}}}"#
                ),
                ("/v1/queries/anchored", #"{"queries": []}"#),
                ("/v1/queries/correlations", #"{"type": "heartRate"}"#),
                ("/v1/samples/delete", #"{"uuids": ["not-a-uuid"]}"#),
            ]
            for (path, body) in queries {
                let answer = try await app.call("POST", path, body: Data(body.utf8))
                #expect(answer.status == 400, "\(path) \(body): \(answer.text)")
                #expect(answer.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
            }
        }
    }

    @Test func unknownRoutesAnswerJSONAndBadStatisticsRequestsAre400() async throws {
        try await withDaemon { daemon in
            let credential = try await daemon.register(Apps.app())
            let missing = try await daemon.app(credential, "GET", "/v1/nothing-here")
            #expect(missing.status == 404 && missing.error != nil)
            let intervals =
                #""intervals": {"anchorDate": 0, "intervalComponents": {"day": 1}, "calendar": "gregorian", "timeZone": "UTC"}"#
            let steps = #"{"type": "stepCount", "options": 16, "#
            let refused: [(String, String)] = [
                ("/v1/queries/statistics", #"{"type": "stepCount"}"#),
                ("/v1/queries/statistics", #"{"type": "stepCount", "options": 2}"#),
                ("/v1/queries/statistics", #"{"type": "stepCount", "options": 1040}"#),
                ("/v1/queries/statistics", #"{"type": "heartRate", "options": 16}"#),
                ("/v1/queries/statistics", #"{"type": "sleepAnalysis", "options": 32}"#),
                ("/v1/queries/statistics", steps + intervals + "}"),
                ("/v1/queries/statistics-collection", #"{"type": "stepCount", "options": 16}"#),
                (
                    "/v1/queries/statistics-collection",
                    steps + intervals.replacingOccurrences(of: "gregorian", with: "martian") + "}"
                ),
                (
                    "/v1/queries/statistics-collection",
                    steps + intervals.replacingOccurrences(of: "UTC", with: "Mars/Olympus") + "}"
                ),
                (
                    "/v1/queries/statistics-collection",
                    steps + intervals.replacingOccurrences(of: #""day": 1"#, with: #""day": 0"#) + "}"
                ),
                ("/v1/queries/statistics-collection", steps + #""range": {"start": 10, "end": 5}, "# + intervals + "}"),
            ]
            for (path, body) in refused {
                let answer = try await daemon.app(credential, "POST", path, body: Data(body.utf8))
                #expect(answer.status == 400, "\(path) \(body): \(answer.text)")
                #expect(answer.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
            }
            #expect(try await daemon.owner("GET", "/v1/owner/sources/priority").status == 400)
            #expect(try await daemon.owner("GET", "/v1/owner/sources/priority?type=sleepAnalysis").status == 400)
            #expect(
                try await daemon.owner(
                    "PUT", "/v1/owner/sources/priority", json: WireSourcePriority(type: "stepCount", sources: ["a\nb"])
                ).status == 400)
        }
    }
}
