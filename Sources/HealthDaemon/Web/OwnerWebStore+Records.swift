package import Foundation
import HealthWeb
import OpenHealthKitEngine
package import OpenHealthKitModel

extension OwnerWebStore {
    package func document(_ uuid: UUID) throws -> HKCDADocumentSample? {
        try engine.blocking {
            try await $0.samples(
                of: HKObjectType.documentType(forIdentifier: .CDA)!, predicate: .leaf(.uuids([uuid])), limit: 1,
                as: try Self.owner(), documentContent: .headerAndData
            )
        }.first as? HKCDADocumentSample
    }

    package func medications() throws -> [HKUserAnnotatedMedication] {
        try engine.blocking { try await $0.medications(matching: nil, limit: 0, as: try Self.owner()) }
    }

    package func saveMedication(_ medication: HKUserAnnotatedMedication) throws {
        try engine.blocking { try await $0.saveMedication(MedicationCoding.row(medication), as: try Self.owner()) }
    }

    package func logDose(_ event: HKMedicationDoseEvent) throws {
        try engine.blocking { try await $0.logDose(event, as: try Self.owner()) }
    }

    package func attachments(of objectUUID: UUID) throws -> [HKAttachment] {
        try engine.blocking { try await $0.attachments(of: objectUUID, as: try Self.owner()) }
    }

    package func addAttachment(to objectUUID: UUID, name: String, contentType: UTType, data: Data) throws
        -> HKAttachment
    {
        try engine.blocking {
            try await $0.addAttachment(
                to: objectUUID, name: name, contentType: contentType, data: data, metadata: nil, as: try Self.owner())
        }
    }

    package func attachmentData(_ identifier: UUID) throws -> (attachment: HKAttachment, data: Data)? {
        let owner = try Self.owner()
        guard let attachment = try engine.blocking({ try await $0.attachment(identifier, as: owner) }) else {
            return nil
        }
        var data = Data()
        try engine.blocking {
            try await $0.readAttachment(identifier, as: owner) { chunk in
                data.append(chunk)
                return true
            }
        }
        return (attachment, data)
    }

    package func removeAttachment(_ identifier: UUID, from objectUUID: UUID) throws {
        try engine.blocking { try await $0.removeAttachment(identifier, from: objectUUID, as: try Self.owner()) }
    }
}
