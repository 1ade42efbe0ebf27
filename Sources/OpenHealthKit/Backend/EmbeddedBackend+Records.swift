import Foundation
import OpenHealthKitEngine

extension EmbeddedBackend {
    func supportsHealthRecords() throws -> Bool {
        try engine.blocking { try await $0.hasClinicalRecords() }
    }

    func requestObjectReadAuthorization(for type: HKObjectType, predicate: PredicateTree?) async throws {
        try await engine.requestObjectReadAuthorization(
            for: type, predicate: predicate, app: appManifest(), answerer: answerer)
    }

    func documents(
        of type: HKDocumentType, predicate: PredicateTree?, sort: [RowSort], limit: Int, includeData: Bool
    ) async throws -> [HKCDADocumentSample] {
        try await engine.documents(
            of: type, predicate: predicate, sort: sort, limit: limit, includeData: includeData,
            as: .app(appManifest()), answerer: answerer)
    }

    func medications(predicate: PredicateTree?, limit: Int) throws -> [HKUserAnnotatedMedication] {
        try engine.blocking { try await $0.medications(matching: predicate, limit: limit, as: .app(appManifest())) }
    }

    func addAttachment(to object: UUID, name: String, contentType: UTType, data: Data, metadata: [String: Any]?)
        throws -> HKAttachment
    {
        try engine.blocking {
            try await $0.addAttachment(
                to: object, name: name, contentType: contentType, data: data, metadata: metadata,
                as: .app(appManifest()))
        }
    }

    func attachments(of object: UUID) throws -> [HKAttachment] {
        try engine.blocking { try await $0.attachments(of: object, as: .app(appManifest())) }
    }

    func readAttachment(_ identifier: UUID, _ body: (Data) throws -> Bool) throws {
        try engine.blocking { try await $0.readAttachment(identifier, as: .app(appManifest()), body) }
    }

    func removeAttachment(_ identifier: UUID, from object: UUID) throws {
        try engine.blocking { try await $0.removeAttachment(identifier, from: object, as: .app(appManifest())) }
    }
}
