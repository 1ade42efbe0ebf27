package import Foundation
import OpenHealthKitModel

/// What migration v7 (`v7: records, mind, medications, vision`) makes of the records an older store kept apart, for
/// every storage alike: v3's clinical records become samples of their clinical types, dated when they were received;
/// vision prescriptions an import kept verbatim (`unrecognized_record`) become prescriptions, keeping their UUID. A
/// storage reads the old rows, inserts the samples these return under the import's rules (a stored UUID is
/// skipped), and removes what it moved.
package enum RecordsUpgrade {
    /// The sample of a clinical record v3 kept (the columns of v3's `clinical_record`).
    package static func clinicalRecordSample(
        uuid: UUID, typeIdentifier: String, identifier: String, sourceName: String, sourceURL: String?,
        fhirVersion: String?, receivedDate: Double?, resourceFilePath: String?, resourceType: String?,
        resource: String?
    ) -> SampleRow {
        let resourceType = resourceType ?? ""
        let date = receivedDate ?? 0
        return SampleRow(
            uuid: uuid, typeIdentifier: typeIdentifier, startDate: date, endDate: date, value: nil,
            source: SourceRow(bundleIdentifier: institutionBundleIdentifier(forName: sourceName), name: sourceName),
            revision: RevisionRow(),
            detail: .clinicalRecord(
                ClinicalRecordRow(
                    resourceType: resourceType, identifier: identifier, fhirVersion: fhirVersion ?? "1.0.2",
                    sourceURL: sourceURL,
                    displayName: ClinicalRecordDisplayName.of(resource: resource, resourceType: resourceType),
                    resource: resource, resourceFilePath: resourceFilePath)))
    }

    /// The prescription a kept `VisionPrescription` record holds (its `attributes` and `children` JSON as kept), or
    /// nil when it does not read as one (it then stays as it was).
    package static func visionPrescriptionSample(uuid: UUID, attributes: String?, children: String?) -> SampleRow? {
        guard let attributes = json(attributes) as? [String: String] else { return nil }
        let children = (json(children) as? [[String: Any]] ?? []).map { child in
            (
                element: child["element"] as? String ?? "",
                attributes: child["attributes"] as? [String: String] ?? [:]
            )
        }
        guard
            let read = try? ExportedVisionPrescription.read(
                attributes: attributes, children: children, date: ExportedVisionPrescription.seconds)
        else { return nil }
        let metadata = Dictionary(read.metadata.map { ($0.key, $0.value as Any) }, uniquingKeysWith: { $1 })
        return SampleRow(
            uuid: uuid, typeIdentifier: HKVisionPrescriptionTypeIdentifier, startDate: read.dateIssued,
            endDate: read.prescription.expirationDate ?? read.dateIssued, value: nil,
            source: .exportedHealthApp, revision: RevisionRow(),
            metadata: MetadataCoding.encode(metadata.isEmpty ? nil : metadata),
            detail: .visionPrescription(read.prescription))
    }

    /// A source for the records' institution: `org.openhealthkit.export.records-` and the name's ASCII letters and
    /// digits (lowercased, other runs as `-`). Imports since v7 name their institutions as they name every export
    /// source (`RecordSource`); records upgraded from v3 keep this one.
    package static func institutionBundleIdentifier(forName name: String) -> String {
        SourceRow.exportBundleIdentifierPrefix + "records-" + SourceRow.exportSlug(forName: name)
    }

    private static func json(_ text: String?) -> Any? {
        text.flatMap { $0.data(using: .utf8) }.flatMap { try? JSONSerialization.jsonObject(with: $0) }
    }
}
