import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// FHIR Bulk Data's `$export`: kick-off, status, manifest, files and deletion.
extension FHIRAPITests {
    /// Kicks off an export and waits until its status is no longer 202; the status URL and the final answer.
    func export(_ daemon: DaemonHarness, _ query: String = "") async throws -> (status: String, answer: HTTPAnswer) {
        let kickOff = try await HTTP.call(
            "GET", daemon.url("/fhir/r4/$export" + query), bearer: daemon.ownerSecret,
            headers: ["Prefer": "respond-async", "Accept": "application/fhir+json"])
        #expect(kickOff.status == 202, "\(kickOff.text)")
        let status = try #require(kickOff.contentLocation)
        var answer = kickOff
        try await waitUntil("the export to finish") {
            answer = try await daemon.owner("GET", path(of: status, on: daemon))
            return answer.status != 202
        }
        return (status, answer)
    }

    func path(of url: String, on daemon: DaemonHarness) -> String {
        String(url.dropFirst(daemon.address.absoluteString.count))
    }

    /// The resources of an NDJSON file the manifest lists.
    func resources(_ daemon: DaemonHarness, _ url: String) async throws -> [[String: Any]] {
        let file = try await daemon.owner("GET", path(of: url, on: daemon))
        #expect(file.status == 200)
        #expect(file.contentType == "application/fhir+ndjson")
        return try file.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(arguments: backends)
    func anExportWritesThePatientAndEveryObservationAsNDJSONListedInItsManifest(_ backend: StoreBackend) async throws {
        let objects: [HKObject] = (0..<5).map { beat(Double(60 + $0), at: Double($0) * 60) } + [bloodPressure(at: 30)]
        try await withStore(backend, objects) { daemon in
            let (_, finished) = try await export(daemon)
            #expect(finished.status == 200, "\(finished.text)")
            let manifest = try JSON(finished)
            #expect(manifest["requiresAccessToken"] as? Bool == true)
            #expect((manifest["request"] as? String)?.hasSuffix("/fhir/r4/$export") == true)
            let output = try #require(manifest["output"] as? [[String: Any]])
            #expect(output.compactMap { $0["type"] as? String } == ["Patient", "Observation"])
            let files = output.compactMap { $0["url"] as? String }
            let patients = try await resources(daemon, files[0])
            #expect(patients.map { $0["resourceType"] as? String } == ["Patient"])
            let observations = try await resources(daemon, files[1])
            let searched = try await Searchset(daemon, "Observation?_count=100").ids
            #expect(observations.compactMap { $0["id"] as? String } == searched)
            #expect(searched.count == 6)
        }
    }

    @Test func typeNarrowsTheExportToTheTypesItNames() async throws {
        try await withStore(.remote, [beat(60, at: 0)]) { daemon in
            let (_, finished) = try await export(daemon, "?_type=Observation")
            let output = try #require(try JSON(finished)["output"] as? [[String: Any]])
            #expect(output.compactMap { $0["type"] as? String } == ["Observation"])
        }
    }

    @Test func theFilesNeedTheOwnersCredentialAndDeletionRemovesThem() async throws {
        try await withStore(.remote, [beat(60, at: 0)]) { daemon in
            let (status, finished) = try await export(daemon)
            let output = try #require(try JSON(finished)["output"] as? [[String: Any]])
            let file = try #require(output.last?["url"] as? String)
            let credential = try await daemon.register(Apps.app())
            for caller in [nil, credential] {
                let refused = try await daemon.app(caller, "GET", path(of: file, on: daemon))
                #expect(refused.status == 401)
                #expect(refused.text.isEmpty == false && !refused.text.contains("valueQuantity"))
            }
            let folder = daemon.storePath + ".fhir-exports"
            #expect(try FileManager.default.subpathsOfDirectory(atPath: folder).contains { $0.hasSuffix(".ndjson") })
            #expect(try await daemon.owner("DELETE", path(of: status, on: daemon)).status == 202)
            #expect(try await daemon.owner("GET", path(of: status, on: daemon)).status == 404)
            #expect(try await daemon.owner("GET", path(of: file, on: daemon)).status == 404)
            #expect(try !FileManager.default.subpathsOfDirectory(atPath: folder).contains { $0.hasSuffix(".ndjson") })
        }
    }

    @Test func aKickOffItCannotHonourIsRefusedWithAnOperationOutcome() async throws {
        try await withDaemon { daemon in
            let withoutPrefer = try await daemon.owner("GET", "/fhir/r4/$export")
            #expect(withoutPrefer.status == 400)
            #expect(try Outcome(withoutPrefer).diagnostics.contains("respond-async"))
            for (query, named) in [
                ("_since=2024-01-01T00:00:00Z", "_since"), ("_type=Encounter", "Encounter"),
                ("_outputFormat=text/csv", "text/csv"), ("_typeFilter=Observation%3Fcode%3D1", "_typeFilter"),
            ] {
                let refused = try await HTTP.call(
                    "GET", daemon.url("/fhir/r4/$export?" + query), bearer: daemon.ownerSecret,
                    headers: ["Prefer": "respond-async"])
                #expect(refused.status == 400, "\(query)")
                #expect(try Outcome(refused).diagnostics.contains(named), "\(query)")
            }
            let unknown = try await daemon.owner("GET", "/fhir/r4/bulk/nothing")
            #expect(unknown.status == 404)
            #expect(try Outcome(unknown).code == "not-found")
        }
    }
}
