import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// Electrocardiograms in each export format: Apple's files (read back by the importer), a FHIR Observation with its
/// lead as SampledData, a CSV row with its voltages.
@Suite struct ElectrocardiogramExportTests {
    let harness: ImportHarness
    let folder: TemporaryFolder

    init() throws {
        harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        folder = try TemporaryFolder()
    }

    @Test func appleFormatWritesOneFilePerRecordingAsTheHealthAppNamesThem() throws {
        let (url, summary) = try harness.exporting(.appleXML, to: folder, name: "export", timeZone: "Europe/Berlin")
        #expect(summary.records["HKDataTypeIdentifierElectrocardiogram"] == 2)
        let names = try FileManager.default.contentsOfDirectory(
            atPath: url.appendingPathComponent("electrocardiograms").path)
        #expect(names.sorted() == ["ecg_2022-11-01.csv", "ecg_2022-11-01_1.csv"])
        let text = try String(
            contentsOf: url.appendingPathComponent("electrocardiograms/ecg_2022-11-01.csv"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        #expect(
            Array(lines.prefix(12)) == [
                "Name,", "Date of Birth,\"Feb 29, 1980\"", "Recorded Date,2022-11-01 09:30:12 +0100",
                "Classification,Sinus Rhythm", "Symptoms,\"Skipped heartbeat, Fatigue\"", "Software Version,1.90",
                "Device,\"Watch6,2\"", "Sample Rate,512.844 hertz", "", "", "Lead,Lead I", "Unit,µV",
            ])
        let file = try ElectrocardiogramFile.parse(text)
        #expect(file.microvolts.count == 64 && file.symptoms == [.skippedHeartbeat, .fatigue])
        let attributes = try FileManager.default.attributesOfItem(
            atPath: url.appendingPathComponent("electrocardiograms/ecg_2022-11-01.csv").path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    @Test func fhirWritesAnEKGStudyWithItsLeadAsSampledData() throws {
        let (url, summary) = try harness.exporting(.fhir, to: folder, name: "bundle.json")
        #expect(summary.records["HKDataTypeIdentifierElectrocardiogram"] == 2)
        let bundle = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let observations = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
            .filter { resource in
                let codings = (resource["code"] as? [String: Any])?["coding"] as? [[String: Any]] ?? []
                return codings.contains {
                    $0["code"] as? String == "11524-6" && $0["system"] as? String == "http://loinc.org"
                }
            }
        #expect(observations.count == 2)
        let first = try #require(
            observations.first {
                ($0["effectivePeriod"] as? [String: Any])?["start"] as? String == "2022-11-01T09:30:12+01:00"
            })
        let components = first["component"] as? [[String: Any]] ?? []
        let lead = try #require(components.first { ($0["valueSampledData"]) != nil })
        let sampled = try #require(lead["valueSampledData"] as? [String: Any])
        #expect(abs(((sampled["period"] as? NSNumber)?.doubleValue ?? 0) - 1000 / 512.844) < 1e-12)
        #expect((sampled["dimensions"] as? NSNumber)?.intValue == 1)
        #expect(((sampled["origin"] as? [String: Any])?["code"]) as? String == "uV")
        let data = (sampled["data"] as? String ?? "").split(separator: " ")
        #expect(data.count == 64 && data.first == "-150")
        let impression = components.first { $0["valueString"] != nil }
        #expect(impression?["valueString"] as? String == "Sinus Rhythm")
    }

    @Test func csvWritesARowPerRecordingWithItsVoltages() throws {
        let (url, _) = try harness.exporting(.csv, to: folder, name: "csv")
        let lines = try String(contentsOf: url.appendingPathComponent("electrocardiogram.csv"), encoding: .utf8)
            .components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 3 && lines[0] == "uuid,start,end,value,unit,source,source_version,device,metadata")
        #expect(lines[1].contains(#""classification"":""sinusRhythm"""#))
        #expect(
            lines[1].contains(#""symptoms"":[""skippedHeartbeat"",""fatigue""]"#)
                || lines[1].contains(#""symptoms"":[""fatigue"",""skippedHeartbeat""]"#))
        #expect(lines[2].contains(#""sampling_frequency_hz"":511.422"#))
        #expect(lines[2].contains(#""lead_i_microvolts"":[-150,-112.875,"#))
    }
}
