import Foundation

/// The name a clinical record shows, read from its FHIR resource as HealthKit's `displayName` names it: the text
/// of the resource's main code (`code`, `vaccineCode`, `medicationCodeableConcept`, `type`...), else the display of
/// its first coding, else the resource type.
package enum ClinicalRecordDisplayName {
    /// The fields whose codeable concept names a resource, in the order they are tried.
    private static let conceptFields = [
        "code", "vaccineCode", "medicationCodeableConcept", "substance", "type", "class",
    ]

    /// The display name of a resource's JSON (`resourceType` used when nothing better is there).
    package static func of(resource json: String?, resourceType: String) -> String {
        guard let json, let data = json.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return resourceType }
        for field in conceptFields {
            guard let concept = object[field] as? [String: Any] else { continue }
            if let text = concept["text"] as? String, !text.isEmpty { return text }
            let codings = concept["coding"] as? [[String: Any]] ?? []
            if let display = codings.lazy.compactMap({ $0["display"] as? String }).first(where: { !$0.isEmpty }) {
                return display
            }
        }
        if let description = object["description"] as? String, !description.isEmpty { return description }
        return resourceType
    }
}
