import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// Writes a FHIR R4 Bundle (`type: collection`) of the resources ``FHIRResources`` makes, one entry at a time
/// (docs/FHIR.md): the owner's Patient first, then an Observation per sample FHIR can represent, and the clinical
/// records written in FHIR R4 as they were received. Entries refer to each other by `urn:uuid:` full URLs.
final class FHIRBundleWriter: ExportWriter {
    let context: ExportContext
    private let file: ExportFile
    private let patientReference: String
    private let resources: FHIRResources
    private var entries = 0

    init(context: ExportContext) throws {
        self.context = context
        file = try ExportFile(creating: context.root)
        let identity = ImportIdentity()
        identity.reset()
        identity.add("Patient")
        patientReference = "urn:uuid:" + identity.uuid().uuidString.lowercased()
        resources = FHIRResources(
            patientReference: patientReference, observationReference: Self.fullUrl, timeZone: context.timeZone,
            preferredUnits: context.preferredUnits, kinds: context.kinds)
    }

    func begin() throws {
        var bundle = JSONObject()
        bundle.string("resourceType", "Bundle")
        bundle.string("type", "collection")
        let now = context.exportDate.timeIntervalSince1970
        bundle.string("timestamp", DateText.iso(now, offset: context.offset(now)))
        var head = bundle.json
        head.removeLast()  // the entries follow
        try file.write(head + ",\"entry\":[\n")
        let patient = resources.patient(
            id: String(patientReference.dropFirst("urn:uuid:".count)), characteristics: context.characteristics)
        context.summary.characteristics += patient.written
        patient.notWritten.forEach(context.notWritten)
        try writeEntry(fullUrl: patientReference, resource: patient.json)
    }

    func finish() throws {
        try file.write("\n]}\n")
        try file.close()
    }

    func writeEntry(fullUrl: String, resource: String) throws {
        var entry = JSONObject()
        entry.string("fullUrl", fullUrl)
        entry.raw("resource", resource)
        try file.write((entries > 0 ? ",\n" : "") + entry.json)
        entries += 1
    }

    private static func fullUrl(_ uuid: UUID) -> String {
        "urn:uuid:" + uuid.uuidString.lowercased()
    }

    // MARK: Records

    func record(_ record: ExportRecord) throws {
        let row = record.sample
        let kind = context.kind(row.typeIdentifier)
        if case .clinicalRecord = kind { return try writeClinicalRecord(row) }
        // Blood pressure values are components of their correlation's Observation.
        if case .quantity(let type) = kind, row.correlationUUID != nil,
            type.name == "bloodPressureSystolic" || type.name == "bloodPressureDiastolic",
            context.exportedTypes.contains(HKCorrelationTypeIdentifier.bloodPressure.rawValue)
        {
            return
        }
        guard let observation = resources.observation(for: record) else {
            return context.notWritten(row.typeIdentifier)
        }
        try writeEntry(fullUrl: Self.fullUrl(row.uuid), resource: observation)
        context.summary.records[row.typeIdentifier, default: 0] += 1
        switch kind {
        case .workout:
            for route in record.members { context.notWritten(route.sample.typeIdentifier) }
        case .correlation(let type) where type.identifier != HKCorrelationTypeIdentifier.bloodPressure.rawValue:
            // Members the Observation lists are written too when their types are not exported on their own.
            for member in record.members where !context.exportedTypes.contains(member.sample.typeIdentifier) {
                try self.record(member)
            }
        default: break
        }
    }

    // MARK: Records that are not samples

    func activitySummary(_ summary: ActivitySummaryRow) throws {
        context.notWritten("ActivitySummary")
    }

    func unrecognizedRecord(_ record: UnrecognizedRecordRow) throws {
        context.notWritten("Unrecognized")
    }
}
