public import Foundation

/// A clinical record's FHIR resource on the wire (read-only: no app saves clinical records).
public struct WireClinicalRecord: Codable, Sendable, Hashable {
    /// The record's display name.
    public var displayName: String
    /// The FHIR resource's `resourceType`.
    public var resourceType: String
    /// The FHIR resource's `id`.
    public var identifier: String
    /// The FHIR version, `major.minor.patch`.
    public var fhirVersion: String
    /// The address the resource came from.
    public var sourceURL: String?
    /// The resource's JSON text; nil when not available.
    public var data: String?

    /// A clinical record's fields.
    public init(
        displayName: String, resourceType: String, identifier: String, fhirVersion: String, sourceURL: String?,
        data: String?
    ) {
        self.displayName = displayName
        self.resourceType = resourceType
        self.identifier = identifier
        self.fhirVersion = fhirVersion
        self.sourceURL = sourceURL
        self.data = data
    }
}

/// A CDA document on the wire: its header, and its XML (base64) when the caller may have it.
public struct WireCDADocument: Codable, Sendable, Hashable {
    /// The document's title.
    public var title: String?
    /// The patient's name.
    public var patientName: String?
    /// The author's name.
    public var authorName: String?
    /// The custodian's name.
    public var custodianName: String?
    /// The XML, base64-encoded; required to save, present in answers only when asked for.
    public var documentData: Data?

    /// A document's fields.
    public init(
        title: String? = nil, patientName: String? = nil, authorName: String? = nil, custodianName: String? = nil,
        documentData: Data? = nil
    ) {
        self.title = title
        self.patientName = patientName
        self.authorName = authorName
        self.custodianName = custodianName
        self.documentData = documentData
    }
}

/// A state of mind on the wire: its kind, valence, labels and associations (raw values).
public struct WireStateOfMind: Codable, Sendable, Hashable {
    /// The `HKStateOfMind.Kind` raw value.
    public var kind: Int
    /// The valence, −1 to 1.
    public var valence: Double
    /// `HKStateOfMind.Label` raw values.
    public var labels: [Int]
    /// `HKStateOfMind.Association` raw values.
    public var associations: [Int]

    /// A state of mind's fields.
    public init(kind: Int, valence: Double, labels: [Int], associations: [Int]) {
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
    }
}

/// A medication dose event on the wire (read-only for apps).
public struct WireMedicationDoseEvent: Codable, Sendable, Hashable {
    /// The medication's concept code.
    public var medicationConcept: String
    /// The `HKMedicationDoseEvent.LogStatus` raw value.
    public var logStatus: Int
    /// The `HKMedicationDoseEvent.ScheduleType` raw value.
    public var scheduleType: Int
    /// When a scheduled dose was due.
    public var scheduledDate: WireDate?
    /// The quantity a scheduled dose was due.
    public var scheduledDoseQuantity: Double?
    /// The quantity taken.
    public var doseQuantity: Double?
    /// The quantities' unit string.
    public var unit: String

    /// A dose event's fields.
    public init(
        medicationConcept: String, logStatus: Int, scheduleType: Int, scheduledDate: WireDate?,
        scheduledDoseQuantity: Double?, doseQuantity: Double?, unit: String
    ) {
        self.medicationConcept = medicationConcept
        self.logStatus = logStatus
        self.scheduleType = scheduleType
        self.scheduledDate = scheduledDate
        self.scheduledDoseQuantity = scheduledDoseQuantity
        self.doseQuantity = doseQuantity
        self.unit = unit
    }
}

/// A vision prescription on the wire: its type (`HKVisionPrescriptionType` raw value), expiration, brand and lenses.
/// The issue date is the sample's start date.
public struct WireVisionPrescription: Codable, Sendable, Hashable {
    /// The `HKVisionPrescriptionType` raw value.
    public var prescriptionType: UInt
    /// When the prescription expires.
    public var expirationDate: WireDate?
    /// A contact lens prescription's brand.
    public var brand: String?
    /// The right lens.
    public var rightEye: WireLens?
    /// The left lens.
    public var leftEye: WireLens?

    /// A prescription's fields.
    public init(
        prescriptionType: UInt, expirationDate: WireDate?, brand: String?, rightEye: WireLens?, leftEye: WireLens?
    ) {
        self.prescriptionType = prescriptionType
        self.expirationDate = expirationDate
        self.brand = brand
        self.rightEye = rightEye
        self.leftEye = leftEye
    }
}

/// One lens on the wire, each value a quantity in its unit (`D`, `deg`, `mm`, `pD`).
public struct WireLens: Codable, Sendable, Hashable {
    /// The sphere (diopters).
    public var sphere: WireQuantity
    /// The cylinder (diopters).
    public var cylinder: WireQuantity?
    /// The axis (an angle).
    public var axis: WireQuantity?
    /// The add power (diopters).
    public var addPower: WireQuantity?
    /// Glasses: the vertex distance (a length).
    public var vertexDistance: WireQuantity?
    /// Glasses: the prism.
    public var prism: WirePrism?
    /// Glasses: the far pupillary distance (a length).
    public var farPupillaryDistance: WireQuantity?
    /// Glasses: the near pupillary distance (a length).
    public var nearPupillaryDistance: WireQuantity?
    /// Contacts: the base curve (a length).
    public var baseCurve: WireQuantity?
    /// Contacts: the diameter (a length).
    public var diameter: WireQuantity?

    /// A lens with its sphere; set the other values afterwards.
    public init(sphere: WireQuantity) {
        self.sphere = sphere
    }
}

/// A prism on the wire, in polar notation (amount and angle); the rectangular one follows from it.
public struct WirePrism: Codable, Sendable, Hashable {
    /// The amount (prism diopters).
    public var amount: WireQuantity
    /// The base's angle.
    public var angle: WireQuantity

    /// A prism's amount and angle.
    public init(amount: WireQuantity, angle: WireQuantity) {
        self.amount = amount
        self.angle = angle
    }
}
