package import Foundation

/// A clinical record and its FHIR resource.
package struct ClinicalRecordRow: Sendable, Equatable {
    package var uuid: UUID
    package var typeIdentifier: String
    /// The FHIR resource's identifier, as exported.
    package var identifier: String
    package var sourceName: String
    package var sourceURL: String?
    package var fhirVersion: String?
    package var receivedDate: Double?
    package var resourceFilePath: String?
    /// The FHIR resource's `resourceType`, when the resource could be read.
    package var resourceType: String?
    /// The FHIR resource's JSON text, or nil when the export lacks its file.
    package var resource: String?

    package init(
        uuid: UUID, typeIdentifier: String, identifier: String, sourceName: String, sourceURL: String?,
        fhirVersion: String?,
        receivedDate: Double?, resourceFilePath: String?, resourceType: String?, resource: String?
    ) {
        self.uuid = uuid
        self.typeIdentifier = typeIdentifier
        self.identifier = identifier
        self.sourceName = sourceName
        self.sourceURL = sourceURL
        self.fhirVersion = fhirVersion
        self.receivedDate = receivedDate
        self.resourceFilePath = resourceFilePath
        self.resourceType = resourceType
        self.resource = resource
    }
}
