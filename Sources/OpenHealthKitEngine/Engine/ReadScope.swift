package import Foundation
package import OpenHealthKitModel

/// What a principal may read of one type, as a storage query applies it: the sources it sees, objects of other
/// sources the user allowed one by one, and a condition every visible row must also meet.
package struct ReadScope: Sendable {
    /// The sources whose rows are visible; nil for all.
    package var visibleSources: Set<String>?
    /// Objects of other sources the user allowed the app to read (per-object authorization).
    package var alsoVisibleUUIDs: Set<UUID> = []
    /// A condition every visible row must also meet (the dose events of the medications the user shared).
    package var restriction: RowCondition?

    /// Everything: the owner's scope.
    package static let everything = ReadScope(visibleSources: nil)

    /// `query` narrowed to this scope.
    package func applied(to query: RowQuery) -> RowQuery {
        var query = query
        query.visibleSources = visibleSources
        query.alsoVisibleUUIDs = visibleSources == nil ? [] : alsoVisibleUUIDs
        if let restriction { query.condition = .and([restriction, query.condition]) }
        return query
    }
}

extension HealthEngine {
    /// What the principal may read of `type`:
    /// - the owner reads everything;
    /// - an app reads what it saved, and every source's samples of a type it may read (a read denial looks like no
    ///   data, never an error);
    /// - vision prescriptions need the user's decision for each one: an app reads those it saved and those the user
    ///   allowed (`requestPerObjectReadAuthorization`), whatever its type grant;
    /// - medication dose events need the type grant and, for each medication, the user's decision: an app reads the
    ///   dose events of the medications the user shared with it.
    package func readScope(for type: HKObjectType, as principal: Principal) async throws -> ReadScope {
        guard case .app(let app) = principal else { return .everything }
        let own = ReadScope(visibleSources: [app.bundleIdentifier])
        switch type {
        case is HKPrescriptionType:
            try app.checkProvisioning()
            let allowed = try await storageCall {
                try await objectGrants.allowed(app: app.bundleIdentifier, type: type.identifier)
            }
            var scope = own
            scope.alsoVisibleUUIDs = Set(allowed.compactMap(UUID.init(uuidString:)))
            return scope
        case is HKMedicationDoseEventType:
            guard try await visibleSources(for: type.identifier, as: principal) == nil else { return own }
            let medications = try await storageCall {
                try await objectGrants.allowed(
                    app: app.bundleIdentifier, type: HKDataTypeIdentifierUserAnnotatedMedicationConcept)
            }
            return ReadScope(visibleSources: nil, restriction: .doseEventConcepts(medications))
        default:
            return await ReadScope(visibleSources: try visibleSources(for: type.identifier, as: principal))
        }
    }

    /// Whether any clinical record is stored (`supportsHealthRecords()`).
    package func hasClinicalRecords() async throws -> Bool {
        let query = RowQuery(
            typeIdentifiers: HKClinicalTypeIdentifier.allCases.map(\.rawValue), limit: 1)
        return try await storageCall { try await !storage.fetch(query).isEmpty }
    }
}
