import Foundation
import OpenHealthKitModel

extension WireSample {
    /// Sets the fields of a record kind's sample (clinical record, document, state of mind, assessment, dose event,
    /// prescription); a CDA document's XML only when the sample carries it.
    mutating func setRecordFields(_ sample: HKSample) {
        switch sample {
        case let record as HKClinicalRecord:
            let resource = record.fhirResource
            clinicalRecord = WireClinicalRecord(
                displayName: record.displayName, resourceType: resource?.resourceType.rawValue ?? "",
                identifier: resource?.identifier ?? "",
                fhirVersion: resource?.fhirVersion.stringRepresentation
                    ?? HKFHIRVersion.primaryDSTU2().stringRepresentation,
                sourceURL: resource?.sourceURL?.absoluteString,
                data: resource.map { String(decoding: $0.data, as: UTF8.self) })
        case let document as HKCDADocumentSample:
            cdaDocument =
                document.document.map {
                    WireCDADocument(
                        title: $0.title, patientName: $0.patientName, authorName: $0.authorName,
                        custodianName: $0.custodianName, documentData: $0.documentData)
                } ?? WireCDADocument()
        case let state as HKStateOfMind:
            stateOfMind = WireStateOfMind(
                kind: state.kind.rawValue, valence: state.valence, labels: state.labels.map(\.rawValue),
                associations: state.associations.map(\.rawValue))
        case let assessment as HKScoredAssessment:
            answers = assessment.answerValues
        case let event as HKMedicationDoseEvent:
            medicationDoseEvent = WireMedicationDoseEvent(
                medicationConcept: event.medicationConceptIdentifier.code, logStatus: event.logStatus.rawValue,
                scheduleType: event.scheduleType.rawValue, scheduledDate: event.scheduledDate.map(WireDate.init),
                scheduledDoseQuantity: event.scheduledDoseQuantity, doseQuantity: event.doseQuantity,
                unit: event.unit.unitString)
        case let prescription as HKVisionPrescription:
            visionPrescription = WireVisionPrescription(prescription)
        default:
            break
        }
    }

    /// The sample of a record kind, or nil for another type. Raw values outside their enumerations, missing fields
    /// and unknown units are invalid arguments; the model's checks run when the store saves it.
    func recordSample(
        _ type: HKSampleType, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
        revision: HKSourceRevision
    ) throws -> HKSample? {
        switch type {
        case let clinicalType as HKClinicalType:
            let record = try required(clinicalRecord, "clinicalRecord")
            let resource = try record.data.map { text in
                HKFHIRResource(
                    fhirVersion: try HKFHIRVersion(fromVersionString: record.fhirVersion),
                    resourceType: HKFHIRResourceType(rawValue: record.resourceType), identifier: record.identifier,
                    data: Data(text.utf8), sourceURL: record.sourceURL.flatMap(URL.init(string:)))
            }
            return HKClinicalRecord(
                uuid: uuid, type: clinicalType, displayName: record.displayName, fhirResource: resource, start: start,
                end: end, device: device, metadata: metadata, sourceRevision: revision)
        case is HKDocumentType:
            let document = try required(cdaDocument, "cdaDocument")
            let header = try document.documentData.map { try CDADocumentReader.header(of: $0) }
            let content: HKCDADocument? =
                if let header {
                    HKCDADocument(documentData: document.documentData, header: header)
                } else if let title = document.title {
                    HKCDADocument(
                        documentData: nil,
                        header: CDAHeader(
                            title: title, patientName: document.patientName ?? "",
                            authorName: document.authorName ?? "", custodianName: document.custodianName ?? ""))
                } else {
                    nil
                }
            return HKCDADocumentSample(
                uuid: uuid, document: content, start: start, end: end, device: device, metadata: metadata,
                sourceRevision: revision)
        case is HKStateOfMindType:
            let state = try required(stateOfMind, "stateOfMind")
            return HKStateOfMind(
                uuid: uuid, date: start, kind: try Self.enumeration(state.kind, "kind"), valence: state.valence,
                labels: try state.labels.map { try Self.enumeration($0, "label") },
                associations: try state.associations.map { try Self.enumeration($0, "association") }, device: device,
                metadata: metadata, sourceRevision: revision)
        case let assessmentType as HKScoredAssessmentType:
            let values = try required(answers, "answers")
            if assessmentType.identifier == HKScoredAssessmentTypeIdentifier.GAD7.rawValue {
                return HKGAD7Assessment(
                    uuid: uuid, date: start, answers: try values.map { try Self.enumeration($0, "GAD-7 answer") },
                    device: device, metadata: metadata, sourceRevision: revision)
            }
            return HKPHQ9Assessment(
                uuid: uuid, date: start, answers: try values.map { try Self.enumeration($0, "PHQ-9 answer") },
                device: device, metadata: metadata, sourceRevision: revision)
        case is HKMedicationDoseEventType:
            let event = try required(medicationDoseEvent, "medicationDoseEvent")
            return HKMedicationDoseEvent(
                uuid: uuid, date: start, scheduleType: try Self.enumeration(event.scheduleType, "schedule type"),
                medicationConceptIdentifier: HKHealthConceptIdentifier(
                    domain: .medication, code: event.medicationConcept),
                scheduledDate: event.scheduledDate?.date, scheduledDoseQuantity: event.scheduledDoseQuantity,
                doseQuantity: event.doseQuantity, logStatus: try Self.enumeration(event.logStatus, "log status"),
                unit: try HKUnit(parsing: event.unit), device: device, metadata: metadata, sourceRevision: revision)
        case is HKPrescriptionType:
            return try required(visionPrescription, "visionPrescription").prescription(
                uuid: uuid, dateIssued: start, device: device, metadata: metadata, revision: revision)
        default:
            return nil
        }
    }

    /// The field a record kind's sample carries, by type.
    static func recordField(for type: HKSampleType) -> String? {
        switch type {
        case is HKClinicalType: "clinicalRecord"
        case is HKDocumentType: "cdaDocument"
        case is HKStateOfMindType: "stateOfMind"
        case is HKScoredAssessmentType: "answers"
        case is HKMedicationDoseEventType: "medicationDoseEvent"
        case is HKPrescriptionType: "visionPrescription"
        default: nil
        }
    }

    /// Which record fields are present.
    var presentRecordFields: [(String, Bool)] {
        [
            ("clinicalRecord", clinicalRecord != nil), ("cdaDocument", cdaDocument != nil),
            ("stateOfMind", stateOfMind != nil), ("answers", answers != nil),
            ("medicationDoseEvent", medicationDoseEvent != nil), ("visionPrescription", visionPrescription != nil),
        ]
    }

    private func required<T>(_ value: T?, _ field: String) throws -> T {
        guard let value else { throw HKError.invalidArgument("A sample of type \(type) needs the field \(field)") }
        return value
    }

    private static func enumeration<T: RawRepresentable>(_ raw: Int, _ name: String) throws -> T
    where T.RawValue == Int {
        guard let value = T(rawValue: raw) else { throw HKError.invalidArgument("\(raw) is not a \(name) raw value") }
        return value
    }
}

extension WireVisionPrescription {
    /// The wire form of a prescription.
    init(_ prescription: HKVisionPrescription) {
        func lens(_ lens: HKLensSpecification?) -> WireLens? {
            guard let lens else { return nil }
            var wire = WireLens(sphere: WireQuantity(lens.sphere))
            wire.cylinder = lens.cylinder.map(WireQuantity.init)
            wire.axis = lens.axis.map(WireQuantity.init)
            wire.addPower = lens.addPower.map(WireQuantity.init)
            if let glasses = lens as? HKGlassesLensSpecification {
                wire.vertexDistance = glasses.vertexDistance.map(WireQuantity.init)
                wire.prism = glasses.prism.map {
                    WirePrism(amount: WireQuantity($0.amount), angle: WireQuantity($0.angle))
                }
                wire.farPupillaryDistance = glasses.farPupillaryDistance.map(WireQuantity.init)
                wire.nearPupillaryDistance = glasses.nearPupillaryDistance.map(WireQuantity.init)
            }
            if let contacts = lens as? HKContactsLensSpecification {
                wire.baseCurve = contacts.baseCurve.map(WireQuantity.init)
                wire.diameter = contacts.diameter.map(WireQuantity.init)
            }
            return wire
        }
        self.init(
            prescriptionType: prescription.prescriptionType.rawValue,
            expirationDate: prescription.expirationDate.map(WireDate.init),
            brand: (prescription as? HKContactsPrescription)?.brand,
            rightEye: lens(
                (prescription as? HKGlassesPrescription)?.rightEye
                    ?? (prescription as? HKContactsPrescription)?.rightEye),
            leftEye: lens(
                (prescription as? HKGlassesPrescription)?.leftEye ?? (prescription as? HKContactsPrescription)?.leftEye)
        )
    }

    /// The prescription, of its type's class; the lens values are checked when the store saves it.
    func prescription(
        uuid: UUID, dateIssued: Date, device: HKDevice?, metadata: [String: Any]?, revision: HKSourceRevision
    )
        throws -> HKVisionPrescription
    {
        func optional(_ quantity: WireQuantity?) throws -> HKQuantity? { try quantity?.quantity() }
        let expiration = expirationDate?.date
        switch HKVisionPrescriptionType(rawValue: prescriptionType) {
        case .glasses:
            func glasses(_ lens: WireLens?, _ eye: HKVisionEye) throws -> HKGlassesLensSpecification? {
                guard let lens else { return nil }
                let prism = try lens.prism.map {
                    try HKVisionPrism.validating(
                        amount: try $0.amount.quantity(), angle: try $0.angle.quantity(), eye: eye
                    )
                    .get()
                }
                return .stored(
                    sphere: try lens.sphere.quantity(), cylinder: try optional(lens.cylinder),
                    axis: try optional(lens.axis), addPower: try optional(lens.addPower),
                    vertexDistance: try optional(lens.vertexDistance), prism: prism,
                    farPupillaryDistance: try optional(lens.farPupillaryDistance),
                    nearPupillaryDistance: try optional(lens.nearPupillaryDistance))
            }
            return HKGlassesPrescription(
                uuid: uuid, rightEye: try glasses(rightEye, .right), leftEye: try glasses(leftEye, .left),
                dateIssued: dateIssued, expirationDate: expiration, device: device, metadata: metadata,
                sourceRevision: revision)
        case .contacts:
            func contacts(_ lens: WireLens?) throws -> HKContactsLensSpecification? {
                guard let lens else { return nil }
                return .stored(
                    sphere: try lens.sphere.quantity(), cylinder: try optional(lens.cylinder),
                    axis: try optional(lens.axis), addPower: try optional(lens.addPower),
                    baseCurve: try optional(lens.baseCurve), diameter: try optional(lens.diameter))
            }
            return HKContactsPrescription(
                uuid: uuid, rightEye: try contacts(rightEye), leftEye: try contacts(leftEye), brand: brand ?? "",
                dateIssued: dateIssued, expirationDate: expiration, device: device, metadata: metadata,
                sourceRevision: revision)
        case nil:
            throw HKError.invalidArgument("\(prescriptionType) is not an HKVisionPrescriptionType raw value")
        }
    }
}
