package import Foundation

/// An exported record no HealthKit type of the catalog describes (a newer type, a vision prescription), kept verbatim.
package struct UnrecognizedRecordRow: Sendable, Equatable {
    package var uuid: UUID
    /// The element name, e.g. `Record` or `VisionPrescription`.
    package var element: String
    package var typeIdentifier: String?
    package var startDate: Double?
    package var endDate: Double?
    package var sourceName: String?
    /// Every attribute of the element, as a JSON object of strings.
    package var attributes: String
    /// The child elements, as a JSON array of `{"element": name, "attributes": {...}}`, or nil.
    package var children: String?

    package init(
        uuid: UUID, element: String, typeIdentifier: String?, startDate: Double?, endDate: Double?, sourceName: String?,
        attributes: String, children: String?
    ) {
        self.uuid = uuid
        self.element = element
        self.typeIdentifier = typeIdentifier
        self.startDate = startDate
        self.endDate = endDate
        self.sourceName = sourceName
        self.attributes = attributes
        self.children = children
    }
}
