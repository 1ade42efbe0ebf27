public import Foundation
public import OpenHealthKitModel
public import OpenHealthKitEngine

// The bodies of the routes of health records, documents, medications, attachments and per-object authorization.

/// `POST /v1/authorization/objects`: `requestPerObjectReadAuthorization(for:predicate:)`. Answered as
/// `POST /v1/authorization/request` is (``WireAuthorizationOutcome``: `answered`, or `pending` after the wait).
public struct WireObjectAuthorizationRequest: Codable, Sendable {
    /// The raw identifier of the per-object type (vision prescriptions, medications).
    public var type: String
    /// The objects to ask about; nil: all of the type.
    public var predicate: WirePredicate?
    /// The request this call keeps waiting for (the `requestId` of a `pending` answer); nil for a new request, which
    /// always asks the owner, even about the same objects as one answered a moment ago (HealthKit always prompts).
    public var continuing: UUID?

    package init(type: String, predicate: PredicateTree?, continuing: UUID? = nil) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
        self.continuing = continuing
    }
}

/// `POST /v1/queries/documents`: `HKDocumentQuery`. The owner is asked about the documents of other sources the app
/// was not allowed or refused yet; while that question waits (up to `?wait=` seconds) the answer is `pending`.
public struct WireDocumentQuery: Codable, Sendable {
    /// The raw identifier of the document type.
    public var type: String
    /// The predicate the documents must match.
    public var predicate: WirePredicate?
    /// The sort keys, first key first.
    public var sort: [WireSort]?
    /// The most documents to return; 0 or nil: no limit.
    public var limit: Int?
    /// Whether the documents carry their XML.
    public var includeDocumentData: Bool

    package init(type: String, predicate: PredicateTree?, sort: [RowSort], limit: Int, includeDocumentData: Bool) {
        self.type = type
        self.predicate = predicate.map(WirePredicate.init)
        self.sort = sort.map(WireSort.init)
        self.limit = limit
        self.includeDocumentData = includeDocumentData
    }
}

/// The answer to a document query: `answered` with the documents, or `pending` with the id of the question the
/// owner has not answered yet (ask again).
public struct WireDocumentsResponse: Codable, Sendable {
    /// Whether the documents are in this answer.
    public var status: WireAuthorizationOutcome.Status
    /// The pending question's id.
    public var requestId: UUID?
    /// The documents, when answered.
    public var samples: [WireSample]

    /// A response.
    public init(status: WireAuthorizationOutcome.Status, requestId: UUID? = nil, samples: [WireSample] = []) {
        self.status = status
        self.requestId = requestId
        self.samples = samples
    }
}

/// `POST /v1/queries/medications`: `HKUserAnnotatedMedicationQuery`.
public struct WireMedicationQuery: Codable, Sendable {
    /// `medicationArchived` / `medicationHasSchedule` predicates, combined; nil: every medication.
    public var predicate: WirePredicate?
    /// The most medications to return; 0 or nil: no limit.
    public var limit: Int?

    package init(predicate: PredicateTree?, limit: Int) {
        self.predicate = predicate.map(WirePredicate.init)
        self.limit = limit
    }
}

/// A tracked medication (`HKUserAnnotatedMedication` and its concept).
public struct WireMedication: Codable, Sendable, Hashable {
    /// The concept's code, which dose events refer to.
    public var conceptCode: String
    /// The medication's name.
    public var displayText: String
    /// The `HKMedicationGeneralForm` raw value (`tablet`).
    public var generalForm: String
    /// Codes in other terminologies.
    public var relatedCodings: [WireCoding]
    /// The owner's nickname for it.
    public var nickname: String?
    /// Whether it is archived.
    public var isArchived: Bool
    /// Whether it has a schedule.
    public var hasSchedule: Bool

    /// The wire form of a medication.
    public init(_ medication: HKUserAnnotatedMedication) {
        conceptCode = medication.medication.identifier.code
        displayText = medication.medication.displayText
        generalForm = medication.medication.generalForm.rawValue
        relatedCodings = medication.medication.relatedCodings.map(WireCoding.init).sorted {
            ($0.system, $0.code) < ($1.system, $1.code)
        }
        nickname = medication.nickname
        isArchived = medication.isArchived
        hasSchedule = medication.hasSchedule
    }

    /// The medication.
    public var medication: HKUserAnnotatedMedication {
        HKUserAnnotatedMedication(
            nickname: nickname, isArchived: isArchived, hasSchedule: hasSchedule,
            medication: HKMedicationConcept(
                identifier: HKHealthConceptIdentifier(domain: .medication, code: conceptCode), displayText: displayText,
                generalForm: HKMedicationGeneralForm(rawValue: generalForm),
                relatedCodings: Set(relatedCodings.map(\.coding))))
    }
}

/// A code of a terminology (`HKClinicalCoding`).
public struct WireCoding: Codable, Sendable, Hashable {
    /// The coding system.
    public var system: String
    /// The system's version.
    public var version: String?
    /// The code.
    public var code: String

    /// The wire form of a coding.
    public init(_ coding: HKClinicalCoding) {
        system = coding.system
        version = coding.version
        code = coding.code
    }

    /// The coding.
    public var coding: HKClinicalCoding { HKClinicalCoding(system: system, version: version, code: code) }
}

/// The medications an app may read.
public struct WireMedicationsResponse: Codable, Sendable {
    /// The medications, by name.
    public var medications: [WireMedication]
    /// Wraps the medications.
    public init(medications: [WireMedication]) { self.medications = medications }
}

/// `GET /v1/health-records`: whether the store holds clinical records (`supportsHealthRecords()`).
public struct WireHealthRecordsSupport: Codable, Sendable {
    /// Whether it does.
    public var supported: Bool
    /// Wraps the answer.
    public init(supported: Bool) { self.supported = supported }
}

/// `POST /v1/attachments`: a file to attach to an object the app saved; the bytes base64-encoded.
public struct WireAttachmentUpload: Codable, Sendable {
    /// The object's UUID.
    public var object: UUID
    /// The file's name.
    public var name: String
    /// The uniform type identifier of its content (`public.jpeg`, `com.adobe.pdf`).
    public var contentType: String
    /// The bytes.
    public var data: Data
    /// String, number or date metadata.
    public var metadata: [String: WireMetadataValue]?

    /// An upload.
    public init(object: UUID, name: String, contentType: String, data: Data, metadata: [String: WireMetadataValue]?) {
        self.object = object
        self.name = name
        self.contentType = contentType
        self.data = data
        self.metadata = metadata
    }
}

/// An attachment, without its bytes (`GET /v1/attachments/{id}/data` reads them).
public struct WireAttachment: Codable, Sendable, Hashable {
    /// Its identifier.
    public var identifier: UUID
    /// The file's name.
    public var name: String
    /// Its uniform type identifier.
    public var contentType: String
    /// Its size in bytes.
    public var size: Int
    /// When it was added.
    public var creationDate: WireDate
    /// Its metadata.
    public var metadata: [String: WireMetadataValue]?

    /// The wire form of an attachment.
    public init(_ attachment: HKAttachment) {
        identifier = attachment.identifier
        name = attachment.name
        contentType = attachment.contentType.identifier
        size = attachment.size
        creationDate = WireDate(attachment.creationDate)
        metadata = WireMetadata.encode(attachment.metadata)
    }

    /// The attachment; an unknown content type is an invalid argument.
    public var attachment: HKAttachment {
        get throws {
            guard let type = UTType(contentType) else {
                throw HKError.invalidArgument("\(contentType) is not a content type")
            }
            return HKAttachment(
                identifier: identifier, name: name, contentType: type, size: size, creationDate: creationDate.date,
                metadata: try WireMetadata.decode(metadata))
        }
    }
}

/// The attachments of an object.
public struct WireAttachmentsResponse: Codable, Sendable {
    /// The attachments, oldest first.
    public var attachments: [WireAttachment]
    /// Wraps the attachments.
    public init(attachments: [WireAttachment]) { self.attachments = attachments }
}

/// The objects a pending per-object request asks about, as the owner's routes list them.
public struct WireObjectReadRequest: Codable, Sendable {
    /// One object.
    public struct Candidate: Codable, Sendable {
        /// Its key (a UUID, or a medication's concept code).
        public var key: String
        /// What the owner is shown.
        public var label: String
        /// Whether the owner allowed it before.
        public var allowedBefore: Bool
    }

    /// The type's raw identifier.
    public var type: String
    /// The objects.
    public var candidates: [Candidate]

    /// The wire form of a per-object request.
    public init(_ request: ObjectReadRequest) {
        type = request.type.identifier
        candidates = request.candidates.map {
            Candidate(key: $0.key, label: $0.label, allowedBefore: $0.allowedBefore)
        }
    }
}
