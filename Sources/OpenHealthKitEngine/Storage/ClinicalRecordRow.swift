import Foundation

/// What a clinical record holds beyond its sample row (whose dates are the day it was received): its FHIR resource.
package struct ClinicalRecordRow: Sendable, Equatable {
    /// The FHIR resource's `resourceType` (`"Observation"`).
    package var resourceType: String
    /// The FHIR resource's `id`.
    package var identifier: String
    /// The FHIR version, `major.minor.patch` (`"4.0.1"`).
    package var fhirVersion: String
    /// The address the resource came from, if known.
    package var sourceURL: String?
    /// The record's name as the institution gives it.
    package var displayName: String
    /// The resource's JSON text; nil when the export lacked its file.
    package var resource: String?
    /// Where an export kept the resource (`/clinical-records/Observation-1.json`), so a later export writes it there.
    package var resourceFilePath: String?

    package init(
        resourceType: String, identifier: String, fhirVersion: String, sourceURL: String?, displayName: String,
        resource: String?, resourceFilePath: String?
    ) {
        self.resourceType = resourceType
        self.identifier = identifier
        self.fhirVersion = fhirVersion
        self.sourceURL = sourceURL
        self.displayName = displayName
        self.resource = resource
        self.resourceFilePath = resourceFilePath
    }
}
