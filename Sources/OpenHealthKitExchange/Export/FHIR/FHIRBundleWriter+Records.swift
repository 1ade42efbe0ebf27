import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Clinical records in the Bundle.
extension FHIRBundleWriter {
    /// A clinical record received in FHIR R4 is included as it was received; others (DSTU2) are not.
    func writeClinicalRecord(_ row: SampleRow) throws {
        guard case .clinicalRecord(let record)? = row.detail, record.fhirVersion.hasPrefix("4."),
            let resource = record.resource,
            let object = try? JSONSerialization.jsonObject(with: Data(resource.utf8)) as? [String: Any],
            let resourceType = object["resourceType"] as? String
        else { return context.notWritten("ClinicalRecord") }
        let fullUrl: String
        if let base = record.sourceURL, let id = object["id"] as? String {
            fullUrl = (base.hasSuffix("/") ? base : base + "/") + resourceType + "/" + id
        } else {
            fullUrl = "urn:uuid:" + row.uuid.uuidString.lowercased()
        }
        try writeEntry(fullUrl: fullUrl, resource: resource.trimmingCharacters(in: .whitespacesAndNewlines))
        context.summary.clinicalRecords += 1
    }
}
