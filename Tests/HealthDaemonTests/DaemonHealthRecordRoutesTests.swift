import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitEngine
import OpenHealthKitWire

/// healthd's routes of medications, documents, attachments and per-object permission in JSON: the owner records
/// medications and doses, bad input is a 4xx with a JSON body and stores nothing, and every call is in the audit log.
@Suite struct DaemonHealthRecordRoutesTests {
    static let metformin = WireMedication(Medications.medication("6809", "Metformin 500 mg"))

    /// The owner's audit lines since `start`: operation, types and count.
    static func ownerLog(_ daemon: DaemonHarness, since start: Double, app: String = "owner") async throws -> [String] {
        try await daemon.owner("GET", "/v1/owner/audit?app=\(app)&since=\(start)").decode(WireAuditLog.self).entries
            .map { "\($0.operation) \($0.types.joined(separator: ",")) \($0.sampleCount) \($0.outcome)" }
    }

    @Test func theOwnerRecordsAMedicationAndADoseAndBothAreAudited() async throws {
        try await withDaemon { daemon in
            let start = Date().timeIntervalSince1970
            #expect(try await daemon.owner("PUT", "/v1/owner/medications", json: Self.metformin).status == 200)
            let listed = try await daemon.owner("GET", "/v1/owner/medications").decode(WireMedicationsResponse.self)
            #expect(listed.medications == [Self.metformin])
            let dose = WireSample(Medications.dose("6809", at: Date(timeIntervalSince1970: 1_700_000_000)))
            let logged = try await daemon.owner("POST", "/v1/owner/medications/doses", json: dose)
            #expect(logged.status == 201)
            #expect(try logged.decode(WireSample.self).medicationDoseEvent?.medicationConcept == "6809")
            #expect(
                try await Self.ownerLog(daemon, since: start) == [
                    "medication.save HKDataTypeUserAnnotatedMedicationConcept 0 success",
                    "query.medications HKDataTypeUserAnnotatedMedicationConcept 1 success",
                    "medication.dose HKMedicationDoseEventTypeIdentifierMedicationDoseEvent 1 success",
                ])
        }
    }

    /// Found by schemathesis: a negative limit was read as no limit.
    @Test func negativeLimitsOfDocumentAndMedicationQueriesAreRefusedNotClamped() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            for (path, body) in [
                ("/v1/queries/medications", #"{"limit": -1}"#),
                (
                    "/v1/queries/documents",
                    #"{"type": "HKDocumentTypeIdentifierCDA", "includeDocumentData": false, "limit": -1}"#
                ),
            ] {
                let answer = try await app.call("POST", path, body: Data(body.utf8))
                #expect(answer.status == 400, "\(path): \(answer.text)")
                #expect(answer.error?.error.message.contains("limit must not be negative") == true, "\(answer.text)")
            }
        }
    }

    @Test func aMedicationOfAFormHealthKitLacksIsRefusedAndNotStored() async throws {
        try await withDaemon { daemon in
            var odd = Self.metformin
            odd.generalForm = "potion"
            let refused = try await daemon.owner("PUT", "/v1/owner/medications", json: odd)
            #expect(refused.status == 400)
            #expect(refused.error?.error.code == HKError.Code.errorInvalidArgument.rawValue)
            #expect(refused.error?.error.message.contains("potion is not a medication form") == true)
            #expect(
                try await daemon.owner("GET", "/v1/owner/medications").decode(WireMedicationsResponse.self).medications
                    .isEmpty)
        }
    }

    @Test func aDoseOfAnUntrackedMedicationIsRefused() async throws {
        try await withDaemon { daemon in
            let dose = WireSample(Medications.dose("404", at: Date(timeIntervalSince1970: 1_700_000_000)))
            let refused = try await daemon.owner("POST", "/v1/owner/medications/doses", json: dose)
            #expect(refused.status == 400)
            #expect(refused.error?.error.message.contains("No medication with the concept code 404") == true)
        }
    }

    @Test func appsCannotUseTheOwnersMedicationRoutes() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            #expect(try await app.call("PUT", "/v1/owner/medications", json: Self.metformin).status == 401)
            #expect(try await app.call("GET", "/v1/owner/medications").status == 401)
        }
    }

    @Test func anAppsMedicationDocumentAndObjectPermissionCallsAreAudited() async throws {
        try await withDaemon { daemon in
            #expect(try await daemon.owner("PUT", "/v1/owner/medications", json: Self.metformin).status == 200)
            let app = try await AppClient.authorized(daemon, types: [HKDocumentTypeIdentifier.CDA.rawValue])
            let start = Date().timeIntervalSince1970
            let asked = try await app.call(
                "POST", "/v1/authorization/objects", json: ["type": HKDataTypeIdentifierUserAnnotatedMedicationConcept])
            #expect(asked.status == 200)
            let medications = try await app.call("POST", "/v1/queries/medications", json: [String: String]())
            #expect(try medications.decode(WireMedicationsResponse.self).medications.count == 1)
            let documents = try await app.call(
                "POST", "/v1/queries/documents",
                json: WireDocumentQuery(
                    type: HKDocumentTypeIdentifier.CDA.rawValue, predicate: nil, sort: [], limit: 0,
                    includeDocumentData: false))
            #expect(documents.status == 200)
            #expect(
                try await Self.ownerLog(daemon, since: start, app: "com.example.app") == [
                    "authorization.objects HKDataTypeUserAnnotatedMedicationConcept 0 success",
                    "query.medications HKDataTypeUserAnnotatedMedicationConcept 1 success",
                    "query.documents HKDocumentTypeIdentifierCDA 0 success",
                ])
        }
    }

    @Test func aNegativeMedicationsLimitIsRefusedWithAJSONError() async throws {
        try await withDaemon { daemon in
            let app = AppClient(daemon: daemon, credential: try await daemon.register(Apps.app()))
            let refused = try await app.call("POST", "/v1/queries/medications", json: ["limit": -1])
            #expect(refused.status == 400)
            #expect(refused.error?.error.message.contains("limit must not be negative") == true)
        }
    }

    @Test func aNegativeDocumentsLimitIsRefusedWithAJSONError() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: [HKDocumentTypeIdentifier.CDA.rawValue])
            let refused = try await app.call(
                "POST", "/v1/queries/documents",
                json: WireDocumentQuery(
                    type: HKDocumentTypeIdentifier.CDA.rawValue, predicate: nil, sort: [], limit: -1,
                    includeDocumentData: false))
            #expect(refused.status == 400)
            #expect(refused.error?.error.message.contains("limit must not be negative") == true)
        }
    }

    @Test func anAttachmentToAnObjectThatIsNotAPrescriptionIsRefusedWithAJSONError() async throws {
        try await withDaemon { daemon in
            let app = try await AppClient.authorized(daemon, types: ["heartRate"])
            let beat = AppClient.beat(60)
            #expect(try await app.save([beat]).status == 200)
            let upload = WireAttachmentUpload(
                object: beat.uuid, name: "scan.pdf", contentType: "com.adobe.pdf", data: Data("%PDF-1.7\n".utf8),
                metadata: nil)
            let refused = try await app.call("POST", "/v1/attachments", json: upload)
            #expect(refused.status == 400)
            #expect(refused.error?.error.message.contains("Files attach to vision prescriptions only") == true)
            let listed = try await app.call("GET", "/v1/objects/\(beat.uuid.uuidString)/attachments")
            #expect(try listed.decode(WireAttachmentsResponse.self).attachments.isEmpty)
        }
    }
}
