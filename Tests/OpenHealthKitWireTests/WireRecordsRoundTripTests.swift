import Foundation
import Testing
import OpenHealthKitModel
import OpenHealthKitTesting
import OpenHealthKitWire

/// The wire format carries health records, documents, states of mind, assessments, dose events, prescriptions and
/// their predicates without loss.
@Suite struct WireRecordsRoundTripTests {
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)

    func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    func roundTrip(_ sample: HKSample) throws -> HKSample {
        try roundTrip(WireSample(sample)).sample()
    }

    @Test func aClinicalRecordKeepsItsFHIRResource() throws {
        let resource = HKFHIRResource(
            fhirVersion: .primaryDSTU2(), resourceType: .immunization, identifier: "flu-2023",
            data: Data(#"{"resourceType":"Immunization","id":"flu-2023"}"#.utf8),
            sourceURL: URL(string: "https://fhir.example.org/dstu2/Immunization/flu-2023"))
        let record = HKClinicalRecord(
            uuid: UUID(), type: HKObjectType.clinicalType(forIdentifier: .immunizationRecord)!,
            displayName: "Influenza",
            fhirResource: resource, start: date, end: date, device: nil, metadata: nil, sourceRevision: .placeholder())
        let copy = try #require(try roundTrip(record) as? HKClinicalRecord)
        #expect(copy.displayName == "Influenza")
        #expect(copy.fhirResource == resource)
        #expect(copy.fhirResource?.data == resource.data)
        #expect(copy.fhirResource?.fhirVersion == .primaryDSTU2())
        #expect(copy.fhirResource?.sourceURL == resource.sourceURL)
    }

    @Test func aCDADocumentKeepsItsHeaderAndXML() throws {
        let document = try HKCDADocumentSample(
            data: CDADocuments.document(title: "Discharge"), start: date, end: date, metadata: nil)
        let copy = try #require(try roundTrip(document) as? HKCDADocumentSample)
        #expect(copy.document?.title == "Discharge")
        #expect(copy.document?.custodianName == "Charité")
        #expect(copy.document?.documentData == CDADocuments.document(title: "Discharge"))
    }

    @Test func aStateOfMindAndAssessmentsKeepTheirValues() throws {
        let mood = HKStateOfMind(
            date: date, kind: .momentaryEmotion, valence: -0.25, labels: [.anxious, .worried],
            associations: [.work, .money])
        let moodCopy = try #require(try roundTrip(mood) as? HKStateOfMind)
        #expect(moodCopy.valence == -0.25 && moodCopy.kind == .momentaryEmotion)
        #expect(moodCopy.labels == [.anxious, .worried] && moodCopy.associations == [.work, .money])
        let gad7 = HKGAD7Assessment(date: date, answers: Array(repeating: .nearlyEveryDay, count: 7))
        let gadCopy = try #require(try roundTrip(gad7) as? HKGAD7Assessment)
        #expect(gadCopy.answers == gad7.answers && gadCopy.score == 21)
    }

    @Test func aPrescriptionKeepsItsLensesAndPrism() throws {
        let lens = HKGlassesLensSpecification(
            sphere: HKQuantity(unit: .diopter(), doubleValue: 2.5), cylinder: nil, axis: nil,
            addPower: HKQuantity(unit: .diopter(), doubleValue: 1.75), vertexDistance: nil,
            prism: HKVisionPrism(
                verticalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 0.5), verticalBase: .up,
                horizontalAmount: HKQuantity(unit: .prismDiopter(), doubleValue: 1), horizontalBase: .in, eye: .left),
            farPupillaryDistance: nil, nearPupillaryDistance: nil)
        let glasses = HKGlassesPrescription(
            rightEyeSpecification: nil, leftEyeSpecification: lens, dateIssued: date, expirationDate: nil, device: nil,
            metadata: nil)
        let copy = try #require(try roundTrip(glasses) as? HKGlassesPrescription)
        #expect(copy.rightEye == nil)
        #expect(copy.leftEye == lens)
        #expect(copy.leftEye?.prism?.horizontalBase == .in)
    }

    @Test func recordPredicatesKeepTheirConditions() throws {
        let conditions: [PredicateCondition] = [
            .clinicalRecordResourceType("Observation"),
            .clinicalRecord(sourceBundleIdentifier: "org.example", resourceType: "Condition", identifier: "c1"),
            .stateOfMindKind(2), .stateOfMindLabel(7), .stateOfMindAssociation(3),
            .stateOfMindValence(comparison: .lessThan, valence: -0.5),
            .doseEventConcepts(["6809", "5640"]), .doseEventStatuses([4, 5]), .doseEventScheduledDates([date]),
            .doseEventScheduledRange(start: date, end: nil), .medicationArchived(true), .medicationHasSchedule(false),
        ]
        for condition in conditions {
            #expect(try roundTrip(WirePredicate(.leaf(condition))).tree == .leaf(condition))
        }
    }
}
