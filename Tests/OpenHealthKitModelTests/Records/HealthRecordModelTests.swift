import Foundation
import Testing
@testable import OpenHealthKitModel

/// The FHIR and health-concept values of health records and medications: versions, releases, raw values, codings,
/// and the checks of attachments.
@Suite struct HealthRecordModelTests {
    @Test(arguments: [("4.0.1", HKFHIRRelease.r4), ("1.0.2", .dstu2), ("3.0.2", .unknown), ("4.0.0", .r4)])
    func aFHIRVersionStringGivesItsRelease(_ text: String, _ release: HKFHIRRelease) throws {
        let version = try HKFHIRVersion(fromVersionString: text)
        #expect(version.stringRepresentation == text)
        #expect(version.fhirRelease == release)
    }

    @Test(arguments: ["4.0", "4.0.1.2", "v4.0.1", "4..1", "", "4.0.-1"])
    func aFHIRVersionIsThreeNumbers(_ text: String) {
        let error = #expect(throws: HKError.self) { try HKFHIRVersion(fromVersionString: text) }
        #expect(error?.code == .errorInvalidArgument)
    }

    @Test func releasesAndIdentifiersHaveHealthKitsRawValues() {
        #expect(HKFHIRRelease.dstu2.rawValue == "DSTU2")
        #expect(HKFHIRRelease.r4.rawValue == "R4")
        #expect(HKFHIRRelease.unknown.rawValue == "unknown")
        #expect(HKFHIRResourceType.medicationRequest.rawValue == "MedicationRequest")
        #expect(HKClinicalTypeIdentifier.labResultRecord.rawValue == "HKClinicalTypeIdentifierLabResultRecord")
        #expect(HKClinicalTypeIdentifier.allCases.count == 9)
        #expect(HKDocumentTypeIdentifier.CDA.rawValue == "HKDocumentTypeIdentifierCDA")
        #expect(HKHealthConceptDomain.medication.rawValue == "HKHealthConceptDomainMedication")
        #expect(HKMedicationGeneralForm.tablet.rawValue == "tablet")
    }

    @Test func clinicalTypesAreReadOnlyAndPrescriptionsAndMedicationsPerObject() {
        #expect(HKObjectType.clinicalType(forIdentifier: .allergyRecord)?.isShareable == false)
        #expect(HKObjectType.medicationDoseEventType().isShareable == false)
        #expect(HKObjectType.visionPrescriptionType().requiresPerObjectAuthorization())
        #expect(HKObjectType.userAnnotatedMedicationType().requiresPerObjectAuthorization())
        #expect(HKObjectType.stateOfMindType().requiresPerObjectAuthorization() == false)
        #expect(HKObjectType.type(forRawIdentifier: "HKDataTypeStateOfMind") == HKObjectType.stateOfMindType())
    }

    @Test func codingsAndVersionsSurviveSecureArchiving() throws {
        let coding = HKClinicalCoding(system: "http://loinc.org", version: "2.77", code: "44249-1")
        let version = HKFHIRVersion.primaryR4()
        for object in [coding, version] as [NSObject] {
            let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
            let copy = try NSKeyedUnarchiver.unarchivedObject(
                ofClasses: [HKClinicalCoding.self, HKFHIRVersion.self], from: data)
            #expect(copy as? NSObject == object)
        }
    }

    @Test(arguments: [
        ("scan.jpg", UTType.jpeg, [0xFF, 0xD8, 0xFF, 0xE0] as [UInt8]),
        ("scan.png", .png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("scan.pdf", .pdf, Array("%PDF-1.7".utf8)), ("scan.gif", .gif, Array("GIF89a".utf8)),
    ])
    func anImageOrPDFWhoseBytesMatchItsTypeIsAccepted(_ name: String, _ type: UTType, _ bytes: [UInt8]) throws {
        try AttachmentValidation.validate(name: name, contentType: type, data: Data(bytes + [0, 0, 0]), metadata: nil)
    }

    @Test func attachmentsWithBadNamesTypesOrBytesAreRefused() {
        let pdf = Data("%PDF-1.7 ...".utf8)
        expectInvalidArgument("path separators") {
            try AttachmentValidation.validate(name: "../etc/passwd", contentType: .pdf, data: pdf, metadata: nil)
        }
        expectInvalidArgument("are not accepted") {
            try AttachmentValidation.validate(name: "notes.txt", contentType: .plainText, data: pdf, metadata: nil)
        }
        expectInvalidArgument("not a public.png file") {
            try AttachmentValidation.validate(name: "scan.png", contentType: .png, data: pdf, metadata: nil)
        }
        expectInvalidArgument("empty") {
            try AttachmentValidation.validate(name: "scan.pdf", contentType: .pdf, data: Data(), metadata: nil)
        }
        expectInvalidArgument("Invalid class") {
            try AttachmentValidation.validate(
                name: "scan.pdf", contentType: .pdf, data: pdf, metadata: ["pages": [1, 2]])
        }
    }
}
