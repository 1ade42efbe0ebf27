package import Foundation
package import OpenHealthKitModel

/// How much of a CDA document a read returns: none (sample and anchored queries, as in HealthKit), the header
/// fields, or the header and the XML (`HKDocumentQuery` with `includeDocumentData`).
package enum DocumentContent: Sendable {
    case none, header, headerAndData
}

/// Rebuilds the samples whose kinds have their own table from their rows.
package enum RecordDetailDecoding {
    /// The sample of a row of a kind with its own table, or nil for another row.
    package static func sample(
        from row: SampleRow, type: HKObjectType, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?,
        revision: HKSourceRevision, documentContent: DocumentContent
    ) -> HKSample? {
        switch (type, row.detail) {
        case (let type as HKClinicalType, .clinicalRecord(let record)?):
            let resource = record.resource.map { text in
                HKFHIRResource(
                    fhirVersion: (try? HKFHIRVersion(fromVersionString: record.fhirVersion)) ?? .primaryDSTU2(),
                    resourceType: HKFHIRResourceType(rawValue: record.resourceType), identifier: record.identifier,
                    data: Data(text.utf8), sourceURL: record.sourceURL.flatMap(URL.init(string:)))
            }
            return HKClinicalRecord(
                uuid: row.uuid, type: type, displayName: record.displayName, fhirResource: resource, start: start,
                end: end, device: device, metadata: metadata, sourceRevision: revision)
        case (is HKDocumentType, .cdaDocument(let document)?):
            let header = CDAHeader(
                title: document.title, patientName: document.patientName, authorName: document.authorName,
                custodianName: document.custodianName)
            let content: HKCDADocument? =
                switch documentContent {
                case .none: nil
                case .header: HKCDADocument(documentData: nil, header: header)
                case .headerAndData: HKCDADocument(documentData: document.document, header: header)
                }
            return HKCDADocumentSample(
                uuid: row.uuid, document: content, start: start, end: end, device: device, metadata: metadata,
                sourceRevision: revision)
        case (is HKStateOfMindType, .stateOfMind(let state)?):
            return HKStateOfMind(
                uuid: row.uuid, date: start, kind: HKStateOfMind.Kind(rawValue: state.kind) ?? .momentaryEmotion,
                valence: row.value ?? 0, labels: state.labels.compactMap(HKStateOfMind.Label.init(rawValue:)),
                associations: state.associations.compactMap(HKStateOfMind.Association.init(rawValue:)),
                device: device, metadata: metadata, sourceRevision: revision)
        case (let type as HKScoredAssessmentType, .scoredAssessment(let assessment)?):
            if type.identifier == HKScoredAssessmentTypeIdentifier.GAD7.rawValue {
                return HKGAD7Assessment(
                    uuid: row.uuid, date: start,
                    answers: assessment.answers.compactMap(HKGAD7Assessment.Answer.init(rawValue:)), device: device,
                    metadata: metadata, sourceRevision: revision)
            }
            return HKPHQ9Assessment(
                uuid: row.uuid, date: start,
                answers: assessment.answers.compactMap(HKPHQ9Assessment.Answer.init(rawValue:)), device: device,
                metadata: metadata, sourceRevision: revision)
        case (is HKMedicationDoseEventType, .medicationDoseEvent(let event)?):
            return HKMedicationDoseEvent(
                uuid: row.uuid, date: start,
                scheduleType: HKMedicationDoseEvent.ScheduleType(rawValue: event.scheduleType) ?? .asNeeded,
                medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: event.conceptCode),
                scheduledDate: event.scheduledDate.map(Date.init(timeIntervalSince1970:)),
                scheduledDoseQuantity: event.scheduledDoseQuantity, doseQuantity: row.value,
                logStatus: HKMedicationDoseEvent.LogStatus(rawValue: event.logStatus) ?? .notLogged,
                unit: (try? HKUnit(parsing: event.unit)) ?? .count(), device: device, metadata: metadata,
                sourceRevision: revision)
        case (is HKPrescriptionType, .visionPrescription(let prescription)?):
            return VisionPrescriptionCoding.prescription(
                prescription, uuid: row.uuid, dateIssued: start, device: device, metadata: metadata,
                sourceRevision: revision)
        default:
            return nil
        }
    }
}
