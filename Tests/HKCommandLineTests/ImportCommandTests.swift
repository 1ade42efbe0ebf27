import Foundation
import Testing

/// `hk import` through the real binary on the exports of Tests/OpenHealthKitExchangeTests/Fixtures, each into a
/// store file of its own.
@Suite struct ImportCommandTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("OpenHealthKitExchangeTests/Fixtures")

    private static func fixture(_ path: String) -> String {
        fixtures.appendingPathComponent(path).path
    }

    /// `hk import FIXTURE --quiet --format json` parsed.
    private func importing(
        _ path: String, into store: TemporaryStore, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [String: Any] {
        let output = try await store.succeed(
            ["import", Self.fixture(path), "--quiet", "--format", "json"], sourceLocation: sourceLocation)
        return try #require(
            JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// `read`/`added`/`alreadyStored`/`skipped` of a counts object.
    private func counts(_ value: Any?) -> [Int] {
        let counts = value as? [String: Int] ?? [:]
        return [counts["read"] ?? -1, counts["added"] ?? -1, counts["alreadyStored"] ?? -1, counts["skipped"] ?? -1]
    }

    private func records(_ summary: [String: Any]) -> [String: [Int]] {
        (summary["records"] as? [String: Any] ?? [:]).mapValues(counts)
    }

    @Test func aZipMadeOnAMac() async throws {
        let store = try TemporaryStore()
        let summary = try await importing("alxdrcirilo-apple-health-parser/export.zip", into: store)
        #expect((summary["document"] as? String)?.hasSuffix("export.zip:apple_health_export/export.xml") == true)
        #expect(
            records(summary) == [
                "HKCategoryTypeIdentifierSleepAnalysis": [2, 2, 0, 0],
                "HKQuantityTypeIdentifierActiveEnergyBurned": [2, 2, 0, 0],
                "HKQuantityTypeIdentifierAppleExerciseTime": [1, 1, 0, 0],
                "HKQuantityTypeIdentifierAppleStandTime": [1, 1, 0, 0],
                "HKQuantityTypeIdentifierHeartRate": [2, 2, 0, 0],
            ])
        #expect(summary["locale"] as? String == "en_NL")
        #expect(summary["skippedTotal"] as? Int == 0)
        #expect(summary["warningsTotal"] as? Int == 1)  // CardioFitnessMedicationsUse, which the catalog lacks
        let sleep = try await store.samples("sleepAnalysis")
        #expect(sleep.map { $0["source"] as? String } == ["Alexandre's iPhone", "Alexandre's Apple Watch"])
        #expect(sleep.map { $0["value"] as? String } == ["inBed", "asleepCore"])
    }

    @Test func anUnzippedFolderWithARouteFile() async throws {
        let store = try TemporaryStore()
        let summary = try await importing("dogsheep-healthkit-to-sqlite/zip_contents", into: store)
        #expect(
            records(summary) == [
                "HKQuantityTypeIdentifierBodyMassIndex": [1, 1, 0, 0],
                "HKQuantityTypeIdentifierHeartRate": [1, 1, 0, 0],
            ])
        #expect(counts(summary["workouts"]) == [1, 1, 0, 0])
        #expect(counts(summary["workoutRoutes"]) == [1, 1, 0, 0])
        #expect(counts(summary["activitySummaries"]) == [2, 2, 0, 0])
        #expect(summary["routeLocationsAdded"] as? Int == 3)
        let heartRate = try #require(try await store.samples("heartRate").first)
        #expect(heartRate["source"] as? String == "Apple\u{A0}Watch")  // a no-break space, as the export has it
        #expect((heartRate["device"] as? [String: Any])?["hardwareVersion"] as? String == "Watch2,4")
    }

    @Test func anExportDocumentWithACyrillicSource() async throws {
        let store = try TemporaryStore()
        let summary = try await importing("aleksi-applehealth/testdata.xml", into: store)
        #expect(
            records(summary) == [
                "HKQuantityTypeIdentifierBodyMass": [1, 1, 0, 0], "HKQuantityTypeIdentifierHeight": [1, 1, 0, 0],
            ])
        let sources = try #require(summary["sources"] as? [String: String])
        let bundleIdentifier = try #require(sources["Здоровье"])
        #expect(bundleIdentifier.hasPrefix("org.openhealthkit.export.source-"))
        #expect(
            try await store.succeed(["sources", "bodyMass", "--format", "csv"])
                == "name,bundleIdentifier\nЗдоровье,\(bundleIdentifier)\n")
        #expect(try await store.samples("bodyMass", ["--unit", "kg"]).first?["value"] as? Double == 65)
        #expect(try await store.succeed(["me", "--format", "csv"]).contains("1987-10-02"))
    }

    @Test func aLocalizedZip() async throws {
        let store = try TemporaryStore()
        let summary = try await importing("Synthetic/localized.zip", into: store)
        #expect((summary["document"] as? String)?.hasSuffix("localized.zip:apple_health_export/导出.xml") == true)
        #expect(
            records(summary) == [
                "HKDocumentTypeIdentifierCDA": [1, 1, 0, 0], "HKQuantityTypeIdentifierHeartRate": [1, 1, 0, 0],
                "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": [1, 1, 0, 0],
            ])
        #expect(summary["heartbeatsAdded"] as? Int == 2)
        #expect(summary["routeLocationsAdded"] as? Int == 2)
        #expect(try await store.samples("heartRate").first?["source"] as? String == "小明的 Apple Watch")
    }

    /// Two sources' overlapping steps: the statistics merge them by the owner's source order, which the owner sets.
    @Test func statisticsFollowTheSourceOrderOfImportedSources() async throws {
        let store = try TemporaryStore()
        let summary = try await importing("Synthetic/everything", into: store)
        #expect(records(summary)["HKQuantityTypeIdentifierStepCount"] == [2, 2, 0, 0])
        // Members listed both inside their correlation and at top level are stored once.
        #expect(records(summary)["HKQuantityTypeIdentifierBloodPressureSystolic"] == [2, 1, 1, 0])
        let day = [
            "stats", "stepCount", "--from", "2022-11-01", "--to", "2022-11-02", "--timezone", "Europe/Paris",
            "--format", "json",
        ]
        func total() async throws -> Double? {
            let rows =
                try JSONSerialization.jsonObject(with: Data(try await store.succeed(day).utf8)) as? [[String: Any]]
            return rows?.first?["sum"] as? Double
        }
        #expect(try await total() == 612)  // Annas iPhone, which stored steps first
        try await store.succeed(["sources", "priority", "stepCount", "--set", "Annas Apple Watch,Annas iPhone"])
        #expect(try await total() == 598)
    }

    @Test func importingTwiceAddsNothing() async throws {
        let store = try TemporaryStore()
        let first = try await importing("Synthetic/everything", into: store)
        let contents = try await store.contents()
        let second = try await importing("Synthetic/everything", into: store)
        for (type, counts) in records(second) {
            #expect(counts[1] == 0, "\(type)")
            #expect(counts[2] == records(first)[type].map { $0[1] + $0[2] }, "\(type)")
        }
        #expect(counts(second["workouts"]) == [2, 0, 2, 0])
        #expect(second["routeLocationsAdded"] as? Int == 0)
        #expect(second["heartbeatsAdded"] as? Int == 0)
        #expect(try await store.contents() == contents)
    }

    @Test func theTextSummary() async throws {
        let store = try TemporaryStore()
        let text = try await store.succeed([
            "import", Self.fixture("Synthetic/everything"), "--quiet", "--timezone", "UTC",
        ])
        #expect(
            text.hasPrefix(
                "Imported \(Self.fixture("Synthetic/everything/apple_health_export/export.xml")), exported 2022-11-02T19:15:00+00:00 (locale de_DE): 37 added, 4 already stored, 0 skipped.\n"
            ))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let table = try #require(lines.firstIndex { $0.hasPrefix("type ") })
        #expect(lines[table] == "type                                        read  added  already stored  skipped")
        let rows = lines[(table + 1)...].prefix { !$0.isEmpty }.map {
            $0.split(separator: " ").first.map(String.init) ?? ""
        }
        // Records by name, then correlations, then the other elements, the unrecognized ones and the total.
        #expect(rows.contains("stepCount"))
        #expect(rows.firstIndex(of: "bodyMass")! < rows.firstIndex(of: "stepCount")!)
        #expect(rows.firstIndex(of: "stepCount")! < rows.firstIndex(of: "bloodPressure")!)
        #expect(rows.last == "total")
        #expect(lines.contains("workouts                                    2     2      0               0"))
        #expect(lines.contains("bloodPressureSystolic                       2     1      1               0"))
        #expect(lines.contains("HKDataTypeSleepDurationGoal (unrecognized)  1     1      0               0"))
        // The two ECG files, with the symptoms one of them names.
        #expect(lines.contains("electrocardiogram                           2     2      0               0"))
        #expect(lines.contains("skippedHeartbeat                            1     1      0               0"))
        #expect(lines.contains("Route locations added: 5"))
        #expect(lines.contains("Heartbeats added: 3"))
        #expect(lines.contains("  dateOfBirth: 1980-02-29"))
        #expect(lines.contains("  Annas iPhone (org.openhealthkit.export.annas-iphone-49b8bbcf)"))
        #expect(lines.contains("Warnings (3):"))
        #expect(
            lines.contains(
                "  line 23: 1 control characters, which XML does not allow, were read as spaces (the first at line 23)")
        )
    }

    /// Skipped records are listed with their lines and reasons, 20 at most, and the import still succeeds.
    /// A real-shaped export: every category type Apple writes without a value, a CDA document, and files the records
    /// do not use.
    @Test func theFilesItDidNotImportAreNamedWithTheirReason() async throws {
        let store = try TemporaryStore()
        let zip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("OpenHealthKitExchangeTests/Fixtures/Synthetic/not-applicable.zip")
        let result = try await store.run(["import", zip.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(": 47 added, 0 already stored, 0 skipped.") == true)
        #expect(lines.contains("highHeartRateEvent                3     3      0               0"))
        #expect(lines.contains("electrocardiogram                 1     1      0               0"))
        #expect(lines.contains("cdaDocument                       1     1      0               0"))
        #expect(lines.contains("Files not imported (3):"))
        #expect(
            lines.contains(
                "  apple_health_export/workout-routes/route_2024-03-09_8.00am.gpx: a workout route whose workout is "
                    + "not in the export (no workout of export.xml refers to it)"))
    }

    @Test func skippedRecordsAreReported() async throws {
        let store = try TemporaryStore()
        let document = store.folder.appendingPathComponent("export.xml")
        let bad = (1...25).map { index in
            #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-01-0\#(index % 9 + 1) 08:00:00 +0000" endDate="2024-01-01 07:00:00 +0000" value="\#(index)"/>"#
        }
        let good =
            #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:00:00 +0000" value="70"/>"#
        try
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + ([good] + bad).joined(separator: "\n") + "\n</HealthData>\n")
            .write(to: document, atomically: true, encoding: .utf8)
        let result = try await store.run(["import", document.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("bodyMass  26    1      0               25"))
        #expect(lines.contains("Skipped (25):"))
        // Grouped by type and reason (here the start date), with how many and their first lines.
        let listed = lines.filter { $0.hasPrefix("  Record ") }
        #expect(listed.count == 9)
        #expect(
            listed.first
                == "  Record bodyMass, 3 records (lines 4, 13, 22): startDate (2024-01-02 08:00:00 +0000) cannot "
                + "occur after endDate (2024-01-01 07:00:00 +0000)")
        #expect(!lines.contains { $0.hasPrefix("  and ") })
        let json = try await store.run(["import", document.path, "--quiet", "--format", "json"])
        let summary = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(summary["skippedTotal"] as? Int == 25)
        let skipped = try #require(summary["skipped"] as? [[String: Any]])
        #expect(skipped.count == 25)
        #expect(skipped.first?["line"] as? Int == 4)
        #expect(skipped.first?["type"] as? String == "HKQuantityTypeIdentifierBodyMass")
        #expect((skipped.first?["reason"] as? String)?.isEmpty == false)
    }

    @Test func progressGoesToStderrUnlessQuiet() async throws {
        let store = try TemporaryStore()
        let path = Self.fixture("aleksi-applehealth/testdata.xml")
        let loud = try await store.run(["import", path, "--format", "json"])
        #expect(loud.status == 0)
        // Not a terminal: no updating line, only the figures at the end.
        #expect(loud.stderrLines.count == 1)
        #expect(loud.stderr.hasPrefix("read 1.2 kB, 2 records in "), "\(loud.stderr)")
        #expect(!loud.stderr.contains("\r"))
        #expect((try? JSONSerialization.jsonObject(with: Data(loud.stdout.utf8))) != nil)
        let quiet = try await store.run(["import", path, "--quiet", "--format", "json"])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func aBadPathIsBadInput() async throws {
        let store = try TemporaryStore()
        let missing = store.folder.appendingPathComponent("nowhere/export.zip").path
        try await store.expectBadInput(["import", missing], naming: "cannot import \(missing): no such file or folder")

        let garbage = store.folder.appendingPathComponent("export.zip")
        try Data("this is not an export".utf8).write(to: garbage)
        try await store.expectBadInput(["import", garbage.path], naming: "\(garbage.path) is not a Health export")

        let damaged = store.folder.appendingPathComponent("damaged.zip")
        try Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 64)).write(to: damaged)
        try await store.expectBadInput(
            ["import", damaged.path], naming: "\(damaged.path) cannot be read as a zip archive")

        let empty = store.folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try await store.expectBadInput(["import", empty.path], naming: "\(empty.path) holds no Health export")

        try await store.expectBadInput(["import"], naming: "<path>")
        try await store.expectBadInput(
            ["import", Self.fixture("aleksi-applehealth/testdata.xml"), "--format", "csv"], naming: "csv")
    }

    /// What is not an export is refused before the store is opened: no store file is left behind.
    @Test func aPathThatIsNotAnExportCreatesNoStore() async throws {
        let store = try TemporaryStore()
        let inputs = store.folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let text = inputs.appendingPathComponent("notes.txt")
        try Data("this is not an export".utf8).write(to: text)
        let otherXML = inputs.appendingPathComponent("export.xml")
        try Data("<?xml version=\"1.0\"?>\n<ClinicalDocument><title>x</title></ClinicalDocument>\n".utf8).write(
            to: otherXML)
        let damaged = inputs.appendingPathComponent("damaged.zip")
        try Data([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 64)).write(to: damaged)
        let empty = inputs.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)

        for input in [text, otherXML, damaged, empty] {
            let result = try await store.run(["import", input.path, "--quiet"])
            #expect(result.status == 2, "\(input.path)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(input.path), "\(result.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: store.folder.path) == ["inputs"],
                "\(input.path) left a store")
        }
    }

    @Test func anUnusableStoreFails() async throws {
        let store = try TemporaryStore()
        let file = store.folder.appendingPathComponent("not-a-store")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        let result = try await HKProcess.run([
            "import", Self.fixture("aleksi-applehealth/testdata.xml"), "--quiet", "--store", file.path,
        ])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("hk: "))
    }
}
