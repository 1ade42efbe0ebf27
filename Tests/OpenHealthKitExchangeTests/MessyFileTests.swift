import Foundation
import GRDB
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitTesting
@testable import OpenHealthKitExchange
@testable import OpenHealthKitSQLite

/// Hostile and broken documents: nothing outside the export is read, no entity expands, and a broken record costs
/// that record only.
@Suite struct MessyFileTests {
    static func record(
        _ value: String, start: String = "2020-01-01 10:00:00 +0000", source: String = "Tester", extra: String = ""
    ) -> String {
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="\#(source)" unit="count" startDate="\#(start)" endDate="\#(start)" value="\#(value)"\#(extra)/>"#
    }

    /// Every text column of the store, to look for what must not be there.
    private func storedText(_ harness: ImportHarness) throws -> String {
        let rows = try harness.rows(
            """
            SELECT coalesce(s.metadata, '') || so.name || so.bundle_identifier FROM sample s JOIN source so ON so.id = s.source_id
            UNION ALL SELECT attributes || coalesce(children, '') FROM unrecognized_record
            UNION ALL SELECT value FROM setting
            """)
        return rows.map { $0[0] as String }.joined(separator: "\n")
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let folder = try TemporaryFolder()
        let secret = try folder.write("secret.txt", "TOP-SECRET-\(UUID().uuidString)")
        let marker = try String(contentsOf: secret, encoding: .utf8)
        let document = try folder.write(
            "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ENTITY xxe SYSTEM "file://\(secret.path)">
            <!ENTITY % remote SYSTEM "file://\(secret.path)">
            %remote;
            <!ENTITY web SYSTEM "http://127.0.0.1:9/secret">
            ]>
            <HealthData locale="en_US">
             \(Self.record("1", source: "&xxe;"))
             \(Self.record("2", extra: #" sourceVersion="&web;""#))
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 11:00:00 +0000" endDate="2020-01-01 11:00:00 +0000" value="3"><MetadataEntry key="leak" value="&xxe;"/></Record>
             \(Self.record("4", start: "2020-01-01 12:00:00 +0000"))
            </HealthData>
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(document)
        #expect(try !storedText(harness).contains(marker))
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") == 1)
        #expect(summary.records["HKQuantityTypeIdentifierStepCount"]?.skipped == 3)
        #expect(summary.skipped.map(\.line) == [9, 10, 11])
        #expect(summary.skipped.allSatisfy { $0.reason.contains("not defined") })
        #expect(summary.isBalanced)
    }

    @Test func entitiesNeverExpand() throws {
        let folder = try TemporaryFolder()
        var entities = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "\n<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let document = try folder.write(
            "export.xml",
            """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
            \(entities)
            ]>
            <HealthData locale="en_US">
             \(Self.record("&lol9;"))
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 11:00:00 +0000" endDate="2020-01-01 11:00:00 +0000" value="5">&lol9;&lol9;</Record>
             \(Self.record("6", start: "2020-01-01 12:00:00 +0000"))
            </HealthData>
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(document)
        // An undefined entity is an XML error inside the record: the record is skipped.
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") == 1)
        #expect(summary.skipped.map(\.line) == [15, 16])
        #expect(try !storedText(harness).contains("lollol"))
    }

    /// aleksi's Export Version 11 DTD as the external subset: it is neither read nor used to validate (the record's
    /// `WorkoutActivity`-era content and an undeclared attribute would fail validation).
    @Test func anExternalDTDIsNeitherLoadedNorValidated() throws {
        let folder = try TemporaryFolder()
        try Data(contentsOf: Fixtures.url("aleksi-applehealth/healthkit11.dtd")).write(
            to: folder.url.appendingPathComponent("healthkit11.dtd"))
        let document = try folder.write(
            "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData SYSTEM "healthkit11.dtd">
            <HealthData locale="en_US" undeclared="yes">
             \(Self.record("1"))
             <Undeclared/>
            </HealthData>
            """)
        let summary = try ImportHarness().importing(document)
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") == 1)
        #expect(summary.warnings.allSatisfy { !$0.message.contains("healthkit11") && !$0.message.contains("validity") })
        #expect(summary.unrecognized["Undeclared"] == .init(read: 1, added: 1))
    }

    @Test func aBrokenRecordIsReportedWithItsLineAndTheRestImports() async throws {
        let folder = try TemporaryFolder()
        let document = try folder.write(
            "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2020-01-02 10:00:00 +0000"/>
             \(Self.record("1", start: "2020-01-01 01:00:00 +0000"))
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 02:00:00 +0000" endDate="2020-01-01 02:00:00 +0000" value="2 < 3"/>
             \(Self.record("3", start: "2020-01-01 03:00:00 +0000"))
             \(Self.record("4", start: "yesterday"))
             \(Self.record("5", start: "2020-01-01 05:00:00 +0000", extra: #" unit="kg""#))
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Tester" unit="count" startDate="2020-01-01 06:00:00 +0000" endDate="2020-01-01 06:00:00 +0000" value="70"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Tester" startDate="2020-01-01 07:00:00 +0000" endDate="2020-01-01 08:00:00 +0000" value="HKCategoryValueSleepAnalysisDreaming"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 09:00:00 +0000" endDate="2020-01-01 08:00:00 +0000" value="9"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Tester" unit="count" startDate="2020-01-01 10:00:00 +0000" endDate="2020-01-01 10:00:00 +0000" value="10"
             \(Self.record("11", start: "2020-01-01 11:00:00 +0000"))
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Tester" startDate="2020-01-01 12:00:00 +0000" endDate="2020-01-01 12:30:00 +0000">
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="2020-01-01 12:05:00 +0000"/>
             </Workout>
             \(Self.record("15", start: "2020-01-01 15:00:00 +0000"))
            </HealthData>
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(document)
        let values = try await harness.quantities(.stepCount).map { $0.quantity.doubleValue(for: .count()) }
        #expect(values == [1, 3, 11, 15])
        let byLine = Dictionary(summary.skipped.map { ($0.line, $0.reason) }, uniquingKeysWith: { first, _ in first })
        #expect(byLine[5]?.contains("Unescaped '<'") == true)
        #expect(byLine[7]?.contains("startDate \"yesterday\" is not a date") == true)
        #expect(byLine[8]?.contains("Attribute unit redefined") == true)
        #expect(byLine[9]?.contains("BodyMass") == true)
        #expect(byLine[10]?.contains("is not a value of HKCategoryValueSleepAnalysis") == true)
        #expect(byLine[11]?.contains("cannot occur after endDate") == true)
        #expect(byLine[14]?.contains("First event cannot be resume") == true)
        #expect(summary.workouts == .init(read: 1, skipped: 1))
        // A start tag without its end (line 12, ending where libxml2 gives up on it, line 13); the record after it
        // is read.
        #expect(byLine[13]?.contains("error parsing attribute name") == true)
        // The document region lost to the fatal error of line 5 is reported too.
        #expect(
            summary.skipped.contains {
                $0.line == 5 && $0.element == "(document)" && $0.reason.contains("read again from line 6")
            })
    }

    @Test func contentAfterTheRootIsStillRead() async throws {
        let folder = try TemporaryFolder()
        let document = try folder.write(
            "export.xml",
            """
            <HealthData locale="en_US">
             \(Self.record("1", start: "2020-01-01 01:00:00 +0000"))
            </HealthData>
             \(Self.record("2", start: "2020-01-01 02:00:00 +0000"))
            </HealthData>
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(document)
        #expect(try await harness.quantities(.stepCount).count == 2)
        #expect(summary.skippedTotal == 1)
    }

    @Test func aDocumentThatIsNotAnExportIsRefused() throws {
        let clinical = #expect(throws: HKError.self) {
            try ImportHarness().importing(Fixtures.url("Synthetic/everything/apple_health_export/export_cda.xml"))
        }
        #expect(clinical?.code == .errorInvalidArgument)
        #expect(
            clinical?.message.hasSuffix(
                "export_cda.xml is not a Health export (its root element is ClinicalDocument, not HealthData)") == true,
            "\(clinical?.message ?? "")")
        let missing = #expect(throws: HKError.self) {
            try ImportHarness().importing(Fixtures.url("nowhere/export.zip"))
        }
        #expect(missing?.code == .errorInvalidArgument)
        #expect(
            missing?.message.hasSuffix("nowhere/export.zip: no such file or folder") == true,
            "\(missing?.message ?? "")")
        let folder = try TemporaryFolder()
        try folder.write("notes.xml", "<notes/>")
        let notes = #expect(throws: HKError.self) { try ImportHarness().importing(folder.url) }
        #expect(notes?.code == .errorInvalidArgument)
        #expect(
            notes?.message.hasSuffix("holds no Health export document (an XML file whose root is HealthData)") == true,
            "\(notes?.message ?? "")")
    }

    @Test func referencedFilesNeverLeaveTheExport() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "secret.gpx",
            """
            <gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2020-01-01T12:00:00Z</time></trkpt></trkseg></trk></gpx>
            """)
        try folder.write(
            "export/apple_health_export/export.xml",
            """
            <HealthData locale="en_US">
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Tester" startDate="2020-01-01 12:00:00 +0000" endDate="2020-01-01 12:30:00 +0000">
              <WorkoutRoute sourceName="Tester" startDate="2020-01-01 12:00:00 +0000" endDate="2020-01-01 12:30:00 +0000">
               <FileReference path="/../../../secret.gpx"/>
              </WorkoutRoute>
             </Workout>
             <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="x" sourceName="Lab" sourceURL="https://lab.example" fhirVersion="4.0.1" receivedDate="2020-01-01 12:00:00 +0000" resourceFilePath="../../secret.gpx"/>
            </HealthData>
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(folder.url.appendingPathComponent("export"))
        #expect(summary.workouts.added == 1)
        #expect(summary.workoutRoutes == .init(read: 1, skipped: 1))
        #expect(try harness.count("SELECT count(*) FROM route_location") == 0)
        #expect(try harness.count("SELECT count(*) FROM clinical_record_sample WHERE resource IS NULL") == 1)
    }
}

extension MessyFileTests {
    @Test func aVisionPrescriptionCutOffIsSkippedAsAPrescription() throws {
        let folder = try TemporaryFolder()
        let document = try folder.write(
            "export.xml",
            """
            <HealthData locale="en_US">
             \(Self.record("1"))
             <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2021-05-05 00:00:00 +0200">
              <RightEye sphere="-1.25
            """)
        let harness = try ImportHarness()
        let summary = try harness.importing(document)
        #expect(summary.records[HKVisionPrescriptionTypeIdentifier] == .init(read: 1, skipped: 1))
        #expect(summary.unrecognized.isEmpty)
        #expect(summary.isBalanced)
    }
}

/// Damaged copies of a real export: whatever the damage, the import ends, reports it, and keeps every count balanced.
@Suite struct DamagedExportTests {
    @Test(arguments: 0..<60)
    func randomDamageNeverStopsTheImport(_ seed: Int) throws {
        var generator = SeededRandom(seed: UInt64(seed))
        var bytes = Array(try Data(contentsOf: Fixtures.url("Synthetic/everything/apple_health_export/export.xml")))
        let damage: [UInt8] = Array("<>\"&/= \n\u{0}x".utf8)
        for _ in 0..<(1 + Int(generator.next() % 24)) {
            let at = Int(generator.next() % UInt64(bytes.count))
            bytes[at] = damage[Int(generator.next() % UInt64(damage.count))]
        }
        let folder = try TemporaryFolder()
        let document = folder.url.appendingPathComponent("export.xml")
        try Data(bytes).write(to: document)
        let harness = try ImportHarness()
        do {
            let summary = try harness.importing(document)
            #expect(summary.isBalanced)
        } catch let error as HKError {
            // Only a root that is no longer HealthData may refuse the whole document.
            #expect(error.message.contains("not a Health export"))
        }
    }

    @Test func garbageAfterTheLastRecordIsSkippedToTheEnd() throws {
        let folder = try TemporaryFolder()
        let document = try folder.write(
            "export.xml",
            """
            <HealthData locale="en_US">
             \(MessyFileTests.record("1"))
             <Record type="HKQuantityTypeIdentifierStepCount" value="<<<<"
            \(String(repeating: "garbage << >> && \n", count: 2_000))
            """)
        let summary = try ImportHarness().importing(document)
        #expect(summary.added("HKQuantityTypeIdentifierStepCount") == 1)
        #expect(summary.skipped.contains { $0.reason.contains("to the end") })
    }
}
