public import Foundation

extension HKQuery {
    /// A predicate that matches clinical records whose FHIR resource is of `resourceType`.
    public class func predicateForClinicalRecords(withFHIRResourceType resourceType: HKFHIRResourceType)
        -> NSPredicate
    {
        HKQueryPredicate(.clinicalRecordResourceType(resourceType.rawValue))
    }

    /// A predicate that matches the clinical record of one FHIR resource: from `source`, of `resourceType`, with
    /// `identifier` (the resource's `id`).
    public class func predicateForClinicalRecords(
        from source: HKSource, fhirResourceType resourceType: HKFHIRResourceType, identifier: String
    ) -> NSPredicate {
        HKQueryPredicate(
            .clinicalRecord(
                sourceBundleIdentifier: source.bundleIdentifier, resourceType: resourceType.rawValue,
                identifier: identifier))
    }
}
