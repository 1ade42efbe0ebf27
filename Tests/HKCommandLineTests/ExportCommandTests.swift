import Foundation
import Testing

/// `hk export` through the real binary: the three formats, private files, and every bad input refused with exit 2,
/// nothing written and the store unchanged.
@Suite struct ExportCommandTests {
    /// A store with a few samples, and a folder to export into.
    private func store() async throws -> TemporaryStore {
        let store = try TemporaryStore()
        try await store.add(["heartRate", "72", "count/min", "--start", "2024-11-03T08:00:00Z"])
        try await store.add([
            "stepCount", "1200", "count", "--start", "2024-11-03T08:00:00Z", "--end", "2024-11-03T09:00:00Z",
        ])
        try await store.add([
            "bodyMass", "70.5", "kg", "--start", "2024-11-04T07:00:00Z", "--metadata", "Note=a, \"b\"",
        ])
        try await store.succeed(["me", "--set", "biologicalSex=female", "--set", "dateOfBirth=1984-03-02"])
        return store
    }

    private func permissions(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    @Test func appleXMLFolderAndZip() async throws {
        let store = try await store()
        let folder = store.folder.appendingPathComponent("export").path
        let output = try await store.succeed(["export", "--format", "apple-xml", "--out", folder, "--timezone", "UTC"])
        #expect(output.hasPrefix("wrote \(folder) (apple-xml, 1 file): 3 samples, 2 characteristics\n"))
        #expect(try permissions(folder) == 0o700)
        #expect(try permissions(folder + "/export.xml") == 0o600)
        let document = try String(contentsOfFile: folder + "/export.xml", encoding: .utf8)
        #expect(
            document.contains(
                #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Health" unit="count/min" startDate="2024-11-03 08:00:00 +0000" endDate="2024-11-03 08:00:00 +0000" value="72"/>"#
            ))
        #expect(document.contains(#"HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale""#))
        #expect(document.contains(#"<MetadataEntry key="Note" value="a, &quot;b&quot;"/>"#))

        let zip = store.folder.appendingPathComponent("export.zip").path
        try await store.succeed(["export", "--format", "apple-xml", "--out", zip])
        #expect(try permissions(zip) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func fhirAndCSV() async throws {
        let store = try await store()
        let bundle = store.folder.appendingPathComponent("bundle.json").path
        try await store.succeed(["export", "--format", "fhir", "--out", bundle])
        #expect(try permissions(bundle) == 0o600)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle))) as? [String: Any])
        #expect(json["resourceType"] as? String == "Bundle")
        #expect((json["entry"] as? [Any])?.count == 4)

        let csv = store.folder.appendingPathComponent("csv").path
        try await store.succeed([
            "export", "--format", "csv", "--out", csv, "--type", "bodyMass", "--type", "heartRate", "--from",
            "2024-11-04", "--timezone", "UTC",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: csv) == ["bodyMass.csv"])
        let text = try String(contentsOfFile: csv + "/bodyMass.csv", encoding: .utf8)
        #expect(text.hasPrefix("uuid,start,end,value,unit,source,source_version,device,metadata\n"))
        #expect(
            text.contains(
                #",2024-11-04T07:00:00+00:00,2024-11-04T07:00:00+00:00,70.5,kg,Health,,,"{""Note"":""a, \""b\""""}""#
                    + "\n"))
    }

    @Test func badInputIsRefusedAndWritesNothing() async throws {
        let store = try await store()
        let existing = store.folder.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: false)
        let out = store.folder.appendingPathComponent("out").path
        let cases: [([String], String)] = [
            (["export", "--format", "xml", "--out", out], "xml"),
            (["export", "--format", "csv"], "--out"),
            (["export", "--format", "csv", "--out", existing.path], "already exists"),
            (
                [
                    "export", "--format", "fhir", "--out",
                    store.folder.appendingPathComponent("missing/bundle.json").path,
                ], "is not a folder"
            ),
            (["export", "--format", "csv", "--out", out + ".csv"], "into a folder"),
            (["export", "--format", "fhir", "--out", out + ".zip"], "one JSON file"),
            (["export", "--format", "csv", "--out", out, "--type", "stepCont"], "unknown type 'stepCont'"),
            (["export", "--format", "csv", "--out", out, "--type", "workoutRoute"], "with their workouts"),
            (["export", "--format", "csv", "--out", out, "--from", "yesterday"], "invalid date 'yesterday'"),
            (
                ["export", "--format", "csv", "--out", out, "--from", "2024-11-04", "--to", "2024-11-03"],
                "is not after"
            ),
            (["export", "--format", "csv", "--out", out, "--timezone", "Mars/Olympus"], "unknown time zone"),
        ]
        /// The folder's files but the store's own.
        func listing() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter {
                !$0.hasPrefix("health.sqlite")
            }.sorted()
        }
        for (arguments, problem) in cases {
            try await store.expectBadInput(arguments, naming: problem)
            #expect(try listing() == ["existing"], "\(arguments)")
        }
    }

    @Test func aMissingStoreIsNotCreated() async throws {
        let store = try TemporaryStore()
        let result = try await store.run([
            "export", "--format", "csv", "--out", store.folder.appendingPathComponent("out").path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no store at"))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).isEmpty)
    }
}
