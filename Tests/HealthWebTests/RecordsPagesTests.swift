import Foundation
import HealthDaemon
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting
import Testing

/// The Records section against a real healthd: health records grouped by kind and readable as they came,
/// documents shown as text, the owner's medications, doses and moods recorded with forms (bad input an error page
/// and nothing stored), and prescription scans attached, shown and removed.
extension HealthdBacked {
    @Suite struct RecordsPagesTests {
        private static let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 3, count: 64)

        private static func importSamples(_ rows: [SampleRow], into daemon: TestDaemon) async throws {
            var batch = ImportBatch()
            batch.samples = rows
            _ = try await daemon.engine.importBatch(batch)
        }

        /// A clinical record of the Clinic, received at 1,700,000,000 s (22:13 UTC on 14 November 2023), as an
        /// import stores it.
        private static func clinicalRecord(
            _ uuid: UUID, _ type: HKClinicalTypeIdentifier, identifier: String, name: String, resource: String
        ) -> SampleRow {
            let resourceType =
                (try? JSONSerialization.jsonObject(with: Data(resource.utf8)) as? [String: Any])?["resourceType"]
                as? String ?? ""
            return SampleRow(
                uuid: uuid, typeIdentifier: type.rawValue, startDate: 1_700_000_000, endDate: 1_700_000_000, value: nil,
                source: SourceRow(bundleIdentifier: "org.openhealthkit.export.records-clinic", name: "Clinic"),
                revision: RevisionRow(),
                detail: .clinicalRecord(
                    ClinicalRecordRow(
                        resourceType: resourceType, identifier: identifier, fhirVersion: "4.0.1", sourceURL: nil,
                        displayName: name, resource: resource, resourceFilePath: nil)))
        }

        /// The owner's contact lens prescription (no file attached), and the owner signed in on the vision page with
        /// its CSRF token.
        private static func contactLensesOnTheVisionPage(of daemon: TestDaemon) async throws
            -> (HKContactsPrescription, WebClient, String)
        {
            let prescription = HKContactsPrescription(
                rightEyeSpecification: nil, leftEyeSpecification: nil, brand: "Acuvue",
                dateIssued: Date(timeIntervalSince1970: 1_700_000_000), expirationDate: nil, device: nil, metadata: nil)
            try await daemon.engine.save([prescription], as: try OwnerWebStore.owner())
            let browser = try await daemon.signedInClient()
            return (prescription, browser, try await browser.get("/records/vision").field("csrf") ?? "")
        }

        /// A form with a file, as a browser posts it.
        private static func multipart(_ fields: [(String, String)], file: (name: String, type: String, data: Data))
            -> (body: Data, contentType: String)
        {
            let boundary = "----health" + UUID().uuidString
            var body = Data()
            for (name, value) in fields {
                body += Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            }
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.name)\"\r\nContent-Type: \(file.type)\r\n\r\n"
                    .utf8)
            body += file.data + Data("\r\n--\(boundary)--\r\n".utf8)
            return (body, "multipart/form-data; boundary=\(boundary)")
        }

        @Test func healthRecordsAreGroupedByKindAndOpenAsTheyCame() async throws {
            try await TestDaemon.with { daemon in
                let uuid = UUID()
                try await Self.importSamples(
                    [
                        Self.clinicalRecord(
                            uuid, .immunizationRecord, identifier: "flu", name: "Influenza <b>vaccine</b>",
                            resource: #"{"resourceType":"Immunization","id":"flu","note":"<script>"}"#)
                    ], into: daemon)
                let browser = try await daemon.signedInClient()
                let list = try await browser.get("/records")
                #expect(list.status == 200)
                #expect(list.text.contains("id=\"kind-immunizationRecord\""))
                #expect(list.text.contains("Immunizations"))
                #expect(list.text.contains("Influenza &lt;b&gt;vaccine&lt;/b&gt;"))
                let record = try await browser.get("/records/\(uuid.uuidString)")
                #expect(record.status == 200)
                #expect(record.text.contains("&quot;resourceType&quot; : &quot;Immunization&quot;"))
                #expect(!record.text.contains("<script>"))
                #expect(try await browser.get("/records/\(UUID().uuidString)").status == 404)
            }
        }

        @Test func aDocumentIsShownWithItsHeaderAndItsXMLAsText() async throws {
            try await TestDaemon.with { daemon in
                let uuid = UUID()
                try await Self.importSamples(
                    [
                        SampleRow(
                            uuid: uuid, typeIdentifier: HKDocumentTypeIdentifier.CDA.rawValue, startDate: 1_700_000_000,
                            endDate: 1_700_086_400, value: nil, source: .exportedHealthApp, revision: RevisionRow(),
                            detail: .cdaDocument(
                                CDADocumentRow(
                                    title: "Discharge Summary", patientName: "Anna Muster", authorName: "Jonas Weber",
                                    custodianName: "Charité",
                                    document: CDADocuments.document(title: "Discharge Summary"))))
                    ], into: daemon)
                let browser = try await daemon.signedInClient()
                #expect(try await browser.get("/records").text.contains("/records/documents/\(uuid.uuidString)"))
                let page = try await browser.get("/records/documents/\(uuid.uuidString)")
                #expect(page.status == 200)
                #expect(page.text.contains("<h1>Discharge Summary</h1>"))
                #expect(page.text.contains("Anna Muster"))
                #expect(page.text.contains("&lt;ClinicalDocument xmlns=&quot;urn:hl7-org:v3&quot;&gt;"))
            }
        }

        @Test func theOwnerAddsAMedicationAndLogsADose() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let page = try await browser.get("/records/medications")
                #expect(page.text.contains("id=\"no-medications\""))
                let csrf = page.field("csrf") ?? ""
                let added = try await browser.post(
                    "/records/medications",
                    form: [
                        ("csrf", csrf), ("name", "Metformin 500 mg"), ("form", "tablet"), ("code", "6809"),
                        ("scheduled", "on"),
                    ])
                #expect(added.status == 303)
                let logged = try await browser.post(
                    "/records/medications/doses",
                    form: [
                        ("csrf", csrf), ("code", "6809"), ("status", "4"), ("quantity", "2"),
                        ("date", "2026-11-20T08:00"),
                    ])
                #expect(logged.status == 303)
                let after = try await browser.get("/records/medications")
                #expect(after.text.contains("id=\"medication-6809\""))
                #expect(after.text.contains("<td>Metformin 500 mg</td><td>Taken</td><td>2 count</td>"))
                let medications = try await daemon.engine.medications(
                    matching: nil, limit: 0, as: try OwnerWebStore.owner())
                #expect(medications.map(\.medication.displayText) == ["Metformin 500 mg"])
                #expect(medications.first?.hasSchedule == true)
            }
        }

        @Test func aMedicationOrDoseTheModelRefusesIsAnErrorPageAndNothingIsStored() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let csrf = try await browser.get("/records/medications").field("csrf") ?? ""
                let unnamed = try await browser.post(
                    "/records/medications", form: [("csrf", csrf), ("name", " "), ("form", "tablet")])
                #expect(unnamed.status == 400 && unnamed.text.contains("Give the medication&#39;s name."))
                let odd = try await browser.post(
                    "/records/medications", form: [("csrf", csrf), ("name", "Tonic"), ("form", "potion")])
                #expect(odd.status == 400 && odd.text.contains("potion is not a medication form"))
                let untracked = try await browser.post(
                    "/records/medications/doses",
                    form: [("csrf", csrf), ("code", "404"), ("status", "4"), ("date", "2026-11-20T08:00")])
                #expect(untracked.status == 400 && untracked.text.contains("No medication with the concept code 404"))
                let owner = try OwnerWebStore.owner()
                await #expect(try daemon.engine.medications(matching: nil, limit: 0, as: owner).isEmpty)
                await #expect(
                    try daemon.engine.samples(of: HKObjectType.medicationDoseEventType(), predicate: nil, as: owner)
                        .isEmpty)
            }
        }

        @Test func theOwnerLogsAStateOfMindAndAValenceOutOfRangeIsRefused() async throws {
            try await TestDaemon.with { daemon in
                let browser = try await daemon.signedInClient()
                let csrf = try await browser.get("/records/mind").field("csrf") ?? ""
                let logged = try await browser.post(
                    "/records/mind",
                    form: [
                        ("csrf", csrf), ("date", "2026-11-20T08:00"), ("kind", "2"), ("valence", "0.6"),
                        ("label", "16"), ("association", "6"),
                    ])
                #expect(logged.status == 303)
                let page = try await browser.get("/records/mind")
                #expect(page.text.contains("Daily Mood") && page.text.contains("+0.60 (Pleasant)"))
                let refused = try await browser.post(
                    "/records/mind",
                    form: [("csrf", csrf), ("date", "2026-11-20T09:00"), ("kind", "1"), ("valence", "2")])
                #expect(refused.status == 400 && refused.text.contains("out of range"))
                await #expect(
                    try daemon.engine.samples(
                        of: HKObjectType.stateOfMindType(), predicate: nil, as: try OwnerWebStore.owner()
                    )
                    .count == 1)
            }
        }

        @Test func aPrescriptionScanIsAttachedShownAndRemoved() async throws {
            try await TestDaemon.with { daemon in
                let prescription = HKGlassesPrescription(
                    rightEyeSpecification: HKGlassesLensSpecification(
                        sphere: HKQuantity(unit: .diopter(), doubleValue: -1.5), cylinder: nil, axis: nil,
                        addPower: nil,
                        vertexDistance: nil, prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil),
                    leftEyeSpecification: nil, dateIssued: Date(timeIntervalSince1970: 1_700_000_000),
                    expirationDate: nil,
                    device: nil, metadata: nil)
                try await daemon.engine.save([prescription], as: try OwnerWebStore.owner())
                let browser = try await daemon.signedInClient()
                let page = try await browser.get("/records/vision")
                #expect(page.text.contains("<td>-1.5 D</td>"))
                let csrf = page.field("csrf") ?? ""
                let action = "/records/vision/\(prescription.uuid.uuidString)/attachments"
                let form = Self.multipart([("csrf", csrf)], file: ("scan.png", "image/png", Data(Self.png)))
                let added = try await browser.send("POST", action, body: form.body, contentType: form.contentType)
                #expect(added.status == 303)
                let attachments = try await daemon.engine.attachments(
                    of: prescription.uuid, as: try OwnerWebStore.owner())
                let attachment = try #require(attachments.first)
                #expect(attachment.name == "scan.png")
                let href = "/records/vision/attachments/\(attachment.identifier.uuidString)"
                #expect(try await browser.get("/records/vision").text.contains("<img src=\"\(href)\""))
                let file = try await browser.get(href)
                #expect(file.status == 200)
                #expect(file.headers["Content-Type"] == "image/png")
                #expect(file.headers["X-Content-Type-Options"] == "nosniff")
                #expect(file.headers["Content-Security-Policy"]?.contains("sandbox") == true)
                #expect(try await WebClient(address: daemon.address).get(href).status == 401)
                let removed = try await browser.post(
                    "\(action)/\(attachment.identifier.uuidString)/remove", form: [("csrf", csrf)])
                #expect(removed.status == 303)
                #expect(try await browser.get(href).status == 404)
            }
        }

        @Test func removingAFileThatIsNotThereIsANotFoundPage() async throws {
            try await TestDaemon.with { daemon in
                let (prescription, browser, csrf) = try await Self.contactLensesOnTheVisionPage(of: daemon)
                for owner in [prescription.uuid, UUID()] {
                    let removed = try await browser.post(
                        "/records/vision/\(owner.uuidString)/attachments/\(UUID().uuidString)/remove",
                        form: [("csrf", csrf)])
                    #expect(removed.status == 404, "\(removed.text)")
                    #expect(removed.headers["Content-Type"]?.hasPrefix("text/html") == true)
                    #expect(removed.text.contains("No file has this address."))
                }
            }
        }

        @Test func aFileThatIsNotWhatItSaysOrHasNoTokenIsRefusedAndNotStored() async throws {
            try await TestDaemon.with { daemon in
                let (prescription, browser, csrf) = try await Self.contactLensesOnTheVisionPage(of: daemon)
                let action = "/records/vision/\(prescription.uuid.uuidString)/attachments"
                let fake = Self.multipart([("csrf", csrf)], file: ("scan.png", "image/png", Data("<svg/>".utf8)))
                let refused = try await browser.send("POST", action, body: fake.body, contentType: fake.contentType)
                #expect(refused.status == 400 && refused.text.contains("not a public.png file"))
                let forged = Self.multipart([("csrf", "wrong")], file: ("scan.png", "image/png", Data(Self.png)))
                #expect(
                    try await browser.send("POST", action, body: forged.body, contentType: forged.contentType).status
                        == 403)
                await #expect(
                    try daemon.engine.attachments(of: prescription.uuid, as: try OwnerWebStore.owner()).isEmpty)
            }
        }

        @Test func browseListsTheRecordsPagesInTheirCategories() async throws {
            try await TestDaemon.with { daemon in
                let browse = try await daemon.signedInClient().get("/types")
                #expect(browse.status == 200)
                for href in ["/records", "/records/mind", "/records/medications", "/records/vision"] {
                    #expect(browse.text.contains("href=\"\(href)\""), "\(href)")
                }
                #expect(browse.text.contains("id=\"health-records\"") && browse.text.contains("id=\"medications\""))
                let searched = try await daemon.signedInClient().get("/types?q=vision")
                #expect(
                    searched.text.contains("href=\"/records/vision\"") && !searched.text.contains("href=\"/records\""))
            }
        }

        @Test func aRecordsDateIsTheDayInTheOwnersTimeZone() async throws {
            try await TestDaemon.with { daemon in
                // Already the 15th in Auckland.
                try await Self.importSamples(
                    [
                        Self.clinicalRecord(
                            UUID(), .labResultRecord, identifier: "a1c", name: "Hemoglobin A1c",
                            resource: #"{"resourceType":"Observation","id":"a1c"}"#)
                    ], into: daemon)
                let browser = try await daemon.signedInClient()
                #expect(try await browser.get("/records").text.contains("14 Nov 2023"))
                try await daemon.engine.setOwnerTimeZone(TimeZone(identifier: "Pacific/Auckland"))
                let auckland = try await browser.get("/records").text
                #expect(auckland.contains("15 Nov 2023") && !auckland.contains("14 Nov 2023"))
            }
        }
    }
}
