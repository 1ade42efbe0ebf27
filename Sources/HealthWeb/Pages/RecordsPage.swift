import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Records: the health records an import brought (clinical records grouped by kind, as the Health app groups them,
/// and CDA documents), each readable as it came; the section also holds Mind, Medications and Vision.
struct RecordsPage: Sendable {
    struct Record: Sendable {
        let href: String
        let name: String
        let date: String
        let institution: String
        let resourceType: String
    }

    struct Group: Sendable {
        let id: String
        let name: String
        let records: [Record]
        let count: Int
    }

    struct Document: Sendable {
        let href: String
        let title: String
        let date: String
        let custodian: String
        let source: String
    }

    let chrome: Chrome
    let tabs: [RecordsTab]
    let groups: [Group]
    let hasRecords: Bool
    let documents: [Document]
    let hasDocuments: Bool
}

/// One clinical record, or one document, whole.
struct RecordPage: Sendable {
    struct Field: Sendable {
        let label: String
        let value: String
    }

    let chrome: Chrome
    let tabs: [RecordsTab]
    let title: String
    let fields: [Field]
    /// The FHIR resource (indented JSON) or the CDA document (its XML), as text; nil when the export held none.
    let content: String?
    let contentLabel: String
}

/// The links between the Records section's pages.
struct RecordsTab: Sendable {
    let label: String
    let href: String
    let current: Bool

    static func all(current: WebRoute) -> [RecordsTab] {
        [
            ("Health Records", WebRoutes.records), ("Mind", WebRoutes.mind), ("Medications", WebRoutes.medications),
            ("Vision", WebRoutes.vision),
        ].map { RecordsTab(label: $0.0, href: $0.1.path(), current: $0.1.template == current.template) }
    }
}

extension HealthWebApp {
    /// The kinds of clinical records in the Health app's order, with its names.
    static let clinicalKinds: [(HKClinicalTypeIdentifier, String)] = [
        (.allergyRecord, "Allergies"), (.clinicalNoteRecord, "Clinical Notes"), (.vitalSignRecord, "Clinical Vitals"),
        (.conditionRecord, "Conditions"), (.immunizationRecord, "Immunizations"), (.labResultRecord, "Lab Results"),
        (.medicationRecord, "Medications"), (.procedureRecord, "Procedures"), (.coverageRecord, "Insurance"),
    ]

    func addRecordsRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.records) { [self] web in
            let store = web.host.store
            let dates = try await pageDates(web.host)
            let (groups, documents) = try await blocking { () -> ([RecordsPage.Group], [RecordsPage.Document]) in
                let groups = try Self.clinicalKinds.map { identifier, name in
                    let type = HKObjectType.clinicalType(forIdentifier: identifier)!
                    let records = try store.samples(of: type, predicate: nil, newestFirst: true, limit: 0)
                        .compactMap { $0 as? HKClinicalRecord }
                        .map { record in
                            RecordsPage.Record(
                                href: WebRoutes.record.path(record.uuid.uuidString), name: record.displayName,
                                date: dates.day(record.startDate), institution: record.sourceRevision.source.name,
                                resourceType: record.fhirResource?.resourceType.rawValue ?? "")
                        }
                    return RecordsPage.Group(
                        id: HKObjectType.shortName(forRawIdentifier: identifier.rawValue), name: name, records: records,
                        count: records.count)
                }.filter { $0.count > 0 }
                let documents = try store.samples(
                    of: HKObjectType.documentType(forIdentifier: .CDA)!, predicate: nil, newestFirst: true, limit: 0
                ).compactMap { sample -> RecordsPage.Document? in
                    guard let document = try store.document(sample.uuid)?.document else { return nil }
                    return RecordsPage.Document(
                        href: WebRoutes.document.path(sample.uuid.uuidString),
                        title: document.title.isEmpty ? "Untitled document" : document.title,
                        date: dates.span(sample.startDate, sample.endDate), custodian: document.custodianName,
                        source: sample.sourceRevision.source.name)
                }
                return (groups, documents)
            }
            return await renderer.html(
                "records",
                RecordsPage(
                    chrome: chrome(web, title: "Health Records", section: .browse),
                    tabs: RecordsTab.all(current: WebRoutes.records), groups: groups, hasRecords: !groups.isEmpty,
                    documents: documents, hasDocuments: !documents.isEmpty))
        }

        page(router, WebRoutes.document) { [self] web in
            let uuid = try Self.uuid(try web.parameter("uuid"))
            let store = web.host.store
            guard let sample = try await blocking({ try store.document(uuid) }), let document = sample.document else {
                throw WebError.notFound("No document has this address.")
            }
            let dates = try await pageDates(web.host)
            return await renderer.html(
                "record",
                RecordPage(
                    chrome: chrome(web, title: document.title, section: .browse),
                    tabs: RecordsTab.all(current: WebRoutes.records),
                    title: document.title.isEmpty ? "Untitled document" : document.title,
                    fields: [
                        .init(label: "Covers", value: dates.span(sample.startDate, sample.endDate)),
                        .init(label: "Patient", value: document.patientName),
                        .init(label: "Author", value: document.authorName),
                        .init(label: "Custodian", value: document.custodianName),
                        .init(label: "Source", value: sample.sourceRevision.source.name),
                    ].filter { !$0.value.isEmpty },
                    content: document.documentData.map { String(decoding: $0, as: UTF8.self) },
                    contentLabel: "CDA document (XML)"))
        }

        page(router, WebRoutes.record) { [self] web in
            let uuid = try Self.uuid(try web.parameter("uuid"))
            let store = web.host.store
            let record = try await blocking { () -> HKClinicalRecord? in
                for (identifier, _) in Self.clinicalKinds {
                    let type = HKObjectType.clinicalType(forIdentifier: identifier)!
                    if let record = try store.samples(
                        of: type, predicate: .leaf(.uuids([uuid])), newestFirst: false, limit: 1
                    )
                    .first as? HKClinicalRecord {
                        return record
                    }
                }
                return nil
            }
            guard let record else { throw WebError.notFound("No health record has this address.") }
            let dates = try await pageDates(web.host)
            let kind = Self.clinicalKinds.first { $0.0.rawValue == record.clinicalType.identifier }?.1 ?? ""
            let resource = record.fhirResource
            var fields: [RecordPage.Field] = [
                .init(label: "Kind", value: kind),
                .init(label: "Received", value: dates.dateTime(record.startDate)),
                .init(label: "Institution", value: record.sourceRevision.source.name),
            ]
            if let resource {
                fields += [
                    .init(label: "FHIR resource", value: "\(resource.resourceType.rawValue)/\(resource.identifier)"),
                    .init(label: "FHIR version", value: resource.fhirVersion.stringRepresentation),
                    .init(label: "From", value: resource.sourceURL?.absoluteString ?? ""),
                ]
            }
            return await renderer.html(
                "record",
                RecordPage(
                    chrome: chrome(web, title: record.displayName, section: .browse),
                    tabs: RecordsTab.all(current: WebRoutes.records), title: record.displayName,
                    fields: fields.filter { !$0.value.isEmpty }, content: resource.map { Self.indentedJSON($0.data) },
                    contentLabel: "FHIR resource (as the institution sent it)"))
        }

        addMindRoutes(to: router)
        addMedicationRoutes(to: router)
        addVisionRoutes(to: router)
    }

    /// A UUID from an address, or the page is not found.
    static func uuid(_ text: String) throws -> UUID {
        guard let uuid = UUID(uuidString: text) else { throw WebError.notFound("Nothing is here") }
        return uuid
    }

    /// JSON indented for reading (the bytes as they are when they are not JSON).
    static func indentedJSON(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data),
            let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { return String(decoding: data, as: UTF8.self) }
        return String(decoding: pretty, as: UTF8.self)
    }
}
