import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// `HKDocumentQuery`: the CDA documents matching `predicate` whose content the principal may read, with their
    /// header and, when `includeData`, their XML; sorted and limited like a sample query.
    ///
    /// An app reads the content of the documents it saved and of those the user allowed one by one. Before reading,
    /// the user is asked about the matching documents of other sources that they have not decided on yet (as
    /// HealthKit asks only about documents new since the last query); with none, nobody is asked. The app must be
    /// allowed to read the document type at all (its type grant), else it sees its own documents only.
    package func documents(
        of type: HKDocumentType, predicate: PredicateTree?, sort: [RowSort], limit: Int, includeData: Bool,
        as principal: Principal, answerer: (any AuthorizationAnswerer)?
    ) async throws -> [HKCDADocumentSample] {
        let content: DocumentContent = includeData ? .headerAndData : .header
        guard case .app(let app) = principal else {
            return try await samples(
                of: type, predicate: predicate, sort: sort, limit: limit, as: principal, documentContent: content
            ).compactMap { $0 as? HKCDADocumentSample }
        }
        let condition = try PredicateTranslation.condition(for: predicate, type: type)
        let scope = try await readScope(for: type, as: principal)
        let readable = try await storageCall {
            try await storage.fetch(
                scope.applied(to: RowQuery(typeIdentifiers: [type.identifier], condition: condition)))
        }
        let decisions = try await storageCall {
            try await objectGrants.decisions(app: app.bundleIdentifier, type: type.identifier)
        }
        let undecided = readable.filter {
            $0.source.bundleIdentifier != app.bundleIdentifier && decisions[$0.uuid.uuidString] == nil
        }
        if !undecided.isEmpty {
            let candidates = undecided.map {
                ObjectReadRequest.Candidate(key: $0.uuid.uuidString, label: Self.label(of: $0), allowedBefore: false)
            }
            try await askAboutObjects(
                ObjectReadRequest(type: type, candidates: candidates), app: app, answerer: answerer)
        }
        let allowed = try await storageCall {
            try await objectGrants.allowed(app: app.bundleIdentifier, type: type.identifier)
        }
        let permitted = Set(
            readable.filter {
                $0.source.bundleIdentifier == app.bundleIdentifier || allowed.contains($0.uuid.uuidString)
            }.map(\.uuid))
        guard !permitted.isEmpty else { return [] }
        return try await samples(
            of: type, predicate: .and([predicate ?? .all, .leaf(.uuids(permitted))]), sort: sort, limit: limit,
            // The app's permissions are applied above: the read itself sees every source.
            as: .owner(source: Principal.app(app).source), documentContent: content
        ).compactMap { $0 as? HKCDADocumentSample }
    }
}
