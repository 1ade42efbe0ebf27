public import Foundation

/// A clinical record: one allergy, condition, lab result, immunization... as the user's health institution sent it.
///
/// Its ``fhirResource`` holds the institution's data. As in HealthKit, its start and end dates are when the record
/// was received (downloaded), not dates read from the FHIR data. Clinical records are read-only: no app creates or
/// saves one (here they come from an imported Health export).
public final class HKClinicalRecord: HKSample, @unchecked Sendable {
    /// The kind of record (allergy, lab result...).
    public let clinicalType: HKClinicalType
    /// The record's name as the institution gives it (e.g. "Hemoglobin A1c").
    public let displayName: String
    /// The record's FHIR resource; nil when the data is not available.
    public let fhirResource: HKFHIRResource?

    package init(
        uuid: UUID, type: HKClinicalType, displayName: String, fhirResource: HKFHIRResource?, start: Date, end: Date,
        device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision
    ) {
        clinicalType = type
        self.displayName = displayName
        self.fhirResource = fhirResource
        super.init(
            uuid: uuid, sampleType: type, start: start, end: end, device: device, metadata: metadata,
            sourceRevision: sourceRevision)
    }

    package override var valueDescription: String? { displayName }

    /// Archives the record: its display name and FHIR resource.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encodeString(displayName, forKey: "displayName")
        coder.encode(fhirResource, forKey: "fhirResource")
    }

    /// Unarchives a clinical record; nil without a clinical type or a display name.
    public required init?(coder: NSCoder) {
        guard let type = Self.archivedType(HKClinicalType.self, in: coder),
            let displayName = coder.decodeString(forKey: "displayName")
        else { return nil }
        clinicalType = type
        self.displayName = displayName
        fhirResource = coder.decodeIfPresent(HKFHIRResource.self, forKey: "fhirResource")
        super.init(coder: coder)
    }
}
