import Foundation
import Testing
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// The FHIR R4 Bundle's structure (Tests/fhir validates it against an independent FHIR model library).
@Suite struct FHIRExportTests {
    let folder: TemporaryFolder
    let bundle: [String: Any]
    let resources: [[String: Any]]
    let summary: ExportSummary

    init() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        folder = try TemporaryFolder()
        let (url, summary) = try harness.exporting(.fhir, to: folder, name: "bundle.json")
        self.summary = summary
        bundle = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        resources = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
    }

    private func observations(coded code: String) -> [[String: Any]] {
        resources.filter { resource in
            resource["resourceType"] as? String == "Observation"
                && Self.codings(resource["code"]).contains { $0["code"] as? String == code }
        }
    }

    private static func codings(_ concept: Any?) -> [[String: Any]] {
        (concept as? [String: Any])?["coding"] as? [[String: Any]] ?? []
    }

    private static func value(_ observation: [String: Any]) -> (Double?, String?, String?) {
        let quantity = observation["valueQuantity"] as? [String: Any]
        return (
            (quantity?["value"] as? NSNumber)?.doubleValue, quantity?["code"] as? String, quantity?["system"] as? String
        )
    }

    @Test func aCollectionWithThePatientFirst() throws {
        #expect(bundle["resourceType"] as? String == "Bundle")
        #expect(bundle["type"] as? String == "collection")
        let patient = try #require(resources.first)
        #expect(patient["resourceType"] as? String == "Patient")
        #expect(patient["gender"] as? String == "female")
        #expect(patient["birthDate"] as? String == "1980-02-29")
        let reference = "urn:uuid:" + (patient["id"] as? String ?? "")
        for observation in resources.dropFirst()
        where observation["resourceType"] as? String == "Observation" && observation["subject"] != nil {
            #expect((observation["subject"] as? [String: Any])?["reference"] as? String == reference)
        }
        let fullUrls = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["fullUrl"] as? String }
        #expect(Set(fullUrls).count == fullUrls.count)
    }

    @Test func vitalSignsFollowTheirProfiles() throws {
        let heartRate = try #require(observations(coded: "8867-4").first)
        #expect(
            (heartRate["meta"] as? [String: Any])?["profile"] as? [String] == [
                "http://hl7.org/fhir/StructureDefinition/heartrate"
            ])
        #expect(Self.codings(heartRate["code"]).first?["system"] as? String == "http://loinc.org")
        #expect(Self.codings(heartRate["code"]).last?["code"] as? String == "HKQuantityTypeIdentifierHeartRate")
        let category = (heartRate["category"] as? [[String: Any]])?.first
        #expect(Self.codings(category).first?["code"] as? String == "vital-signs")
        #expect(Self.value(heartRate) == (72, "/min", "http://unitsofmeasure.org"))
        #expect(heartRate["effectiveDateTime"] as? String == "2022-11-01T08:05:00+01:00")

        #expect(Self.value(try #require(observations(coded: "2708-6").first)) == (96, "%", "http://unitsofmeasure.org"))
        #expect(
            Self.value(try #require(observations(coded: "8310-5").first)) == (36.8, "Cel", "http://unitsofmeasure.org"))
        #expect(
            Self.value(try #require(observations(coded: "8302-2").first)) == (172, "cm", "http://unitsofmeasure.org"))
        #expect(observations(coded: "29463-7").count == 2)
    }

    @Test func bloodPressureIsOneObservationWithComponents() throws {
        let pressures = observations(coded: "85354-9")
        #expect(pressures.count == 1)
        let pressure = try #require(pressures.first)
        #expect(
            (pressure["meta"] as? [String: Any])?["profile"] as? [String] == [
                "http://hl7.org/fhir/StructureDefinition/bp"
            ])
        let components = pressure["component"] as? [[String: Any]] ?? []
        let values = Dictionary(
            uniqueKeysWithValues: components.map { component in
                (Self.codings(component["code"]).first?["code"] as? String ?? "", Self.value(component).0 ?? 0)
            })
        #expect(values == ["8480-6": 121, "8462-4": 79])
        #expect(components.allSatisfy { Self.value($0).1 == "mm[Hg]" })
        // The values are components only: no Observation of their own.
        #expect(observations(coded: "8480-6").filter { $0["component"] == nil }.isEmpty)
        #expect(observations(coded: "8462-4").filter { $0["component"] == nil }.isEmpty)
    }

    @Test func activityAndLaboratoryCodes() throws {
        let glucose = try #require(observations(coded: "2339-0").first)
        #expect(Self.value(glucose).1 == "mg/dL")
        #expect(abs((Self.value(glucose).0 ?? 0) - 97.2841752) < 1e-6)
        #expect(
            Self.codings((glucose["category"] as? [[String: Any]])?.first).first?["code"] as? String == "laboratory")

        let steps = observations(coded: "HKQuantityTypeIdentifierStepCount")
        #expect(steps.count == 2)
        #expect(
            steps.allSatisfy {
                Self.codings(($0["category"] as? [[String: Any]])?.first).first?["code"] as? String == "activity"
            })
        #expect(steps.allSatisfy { $0["effectivePeriod"] != nil })

        let workout = try #require(
            observations(coded: "73985-4").first {
                ($0["valueCodeableConcept"] as? [String: Any])?["text"] as? String == "running"
            })
        let components = workout["component"] as? [[String: Any]] ?? []
        let duration = try #require(
            components.first { Self.codings($0["code"]).first?["code"] as? String == "55411-3" })
        #expect(Self.value(duration) == (30, "min", "http://unitsofmeasure.org"))
        let energy = try #require(components.first { Self.codings($0["code"]).first?["code"] as? String == "55424-6" })
        #expect(Self.value(energy) == (321.5, "kcal", "http://unitsofmeasure.org"))
    }

    @Test func categorySamplesHaveCodedValues() throws {
        let sleep = observations(coded: "HKCategoryTypeIdentifierSleepAnalysis")
        let values = sleep.compactMap { Self.codings($0["valueCodeableConcept"]).first?["code"] as? String }.sorted()
        #expect(values == ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepUnspecified"])
    }

    @Test func otherCorrelationsListTheirMembers() throws {
        let food = try #require(observations(coded: "HKCorrelationTypeIdentifierFood").first)
        let references = (food["hasMember"] as? [[String: Any]] ?? []).compactMap { $0["reference"] as? String }
        #expect(references.count == 2)
        let fullUrls = Set((bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["fullUrl"] as? String })
        #expect(references.allSatisfy(fullUrls.contains))
    }

    @Test func clinicalRecordsInR4AreIncludedAsReceived() throws {
        let entries = bundle["entry"] as? [[String: Any]] ?? []
        let clinical = try #require(
            entries.first { $0["fullUrl"] as? String == "https://fhir.example.org/r4/Observation/obs-1" })
        #expect((clinical["resource"] as? [String: Any])?["id"] as? String == "obs-1")
        #expect(summary.clinicalRecords == 1)
        #expect(summary.notWritten["ActivitySummary"] == 2)
        #expect(summary.notWritten["HKDataTypeIdentifierAudiogram"] == 1)
    }

    /// Without the correlation type, blood pressure values are Observations of their own.
    @Test func bloodPressureValuesAloneAreObservations() throws {
        let harness = try ImportHarness()
        try harness.importing(fixture: "Synthetic/everything")
        let folder = try TemporaryFolder()
        let (url, _) = try harness.exporting(
            .fhir, to: folder, name: "systolic.json", types: [HKQuantityTypeIdentifier.bloodPressureSystolic.rawValue])
        let bundle = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let observations = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
            .filter { $0["resourceType"] as? String == "Observation" }
        #expect(observations.count == 1)
        #expect(Self.codings(observations.first?["code"]).first?["code"] as? String == "8480-6")
        #expect(Self.value(try #require(observations.first)) == (121, "mm[Hg]", "http://unitsofmeasure.org"))
    }
}
