package import Foundation
package import OpenHealthKitModel

extension HealthEngine {
    /// Saves objects all or nothing: each is validated (with the duration limits HealthKit puts on saves), needs a
    /// share grant for its type (a correlation: for its members' types), and is stamped with the saver's source
    /// revision. An app's objects (and their members) must have random UUIDs (``checkAppUUID(_:)``). An object whose
    /// UUID is already stored fails the save as `errorInvalidArgument`. `associating` names, by workout UUID, stored
    /// samples the principal may read to associate with a workout of `objects` in the same transaction (a workout
    /// builder's samples); a UUID it may not read is refused as one that is not there.
    package func save(_ objects: [HKObject], associating: [UUID: [UUID]] = [:], as principal: Principal) async throws {
        guard !objects.isEmpty else { return }
        try await checkAssociations(associating, of: objects, as: principal)
        var sharedTypes: Set<String> = []
        for object in objects {
            try object.validate()
            try SampleValidation.validateDurations(of: object)
            if case .app = principal { try Self.checkAppUUID(object) }
            if let correlation = object as? HKCorrelation {
                sharedTypes.formUnion(correlation.objects.map(\.sampleType.identifier))
                if case .app = principal { try correlation.objects.forEach(Self.checkAppUUID) }
            } else if let sample = object as? HKSample {
                sharedTypes.insert(sample.sampleType.identifier)
            }
        }
        for type in sharedTypes { try await checkShare(type, as: principal) }
        let source = principal.source
        let revisionRow = principal.revision
        let encoding = RowEncoding(source: source, revision: revisionRow)
        var rows: [SampleRow] = []
        rows.reserveCapacity(objects.count)
        for object in objects { rows += try encoding.rows(for: object) }
        for index in rows.indices where rows[index].workout != nil {
            let uuid = rows[index].uuid
            rows[index].workout?.associatedSamples = associating[uuid] ?? []
        }
        let change = try await storageCall { try await storage.insert(rows) }
        let revision = revisionRow.sourceRevision(
            of: HKSource(name: source.name, bundleIdentifier: source.bundleIdentifier))
        for object in objects {
            object.sourceRevision = revision
            (object as? HKCorrelation)?.objects.forEach { $0.sourceRevision = revision }
        }
        publish(change)
    }

    /// Refuses an app's object whose UUID is not random: RFC 9562 version 4, as every object HealthKit's API creates
    /// has. The UUIDs the store derives itself, an import's (`ImportIdentity` in OpenHealthKitExchange: versions 5 and 8, from what a record
    /// holds), are never version 4, so an app cannot name one: it cannot compute the UUID a record it may not read
    /// would have and learn from the answer whether that record exists. The same refusal, before anything is looked
    /// up, whether or not such an object is stored (docs/SECURITY.md, "Saving with a UUID already stored").
    static func checkAppUUID(_ object: HKObject) throws {
        let bytes = object.uuid.uuid
        guard bytes.6 >> 4 == 4, bytes.8 >> 6 == 0b10 else {
            throw HKError.invalidArgument(
                "An app's objects have random UUIDs (version 4), as HealthKit creates them; \(object.uuid) is not one")
        }
    }

    /// Deletes objects the principal saved (the owner may delete anything) and returns how many were deleted. An
    /// app naming a UUID that is not one of its own objects, whether another source saved it or nothing has that
    /// UUID, gets the same `errorAuthorizationDenied`, and nothing is deleted: the answer never tells an app that a
    /// UUID it may not read exists. The refusal names no UUID (naming one would tell which of several is stored) and
    /// comes after the app's provisioning is checked, so it is the same answer for any list with one not its own.
    @discardableResult
    package func delete(uuids: [UUID], as principal: Principal) async throws -> Int {
        guard !uuids.isEmpty else { return 0 }
        let wanted = Set(uuids)
        if case .app(let app) = principal { try app.checkProvisioning() }
        let stored = try await storageCall {
            try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids(wanted)))
        }
        if case .app(let app) = principal,
            stored.count(where: { $0.source.bundleIdentifier == app.bundleIdentifier }) != wanted.count
        {
            throw Self.notDeletable
        }
        try await checkDeletion(of: stored, as: principal)
        publish(try await storageCall { try await storage.delete(uuids: stored.map(\.uuid)) })
        return stored.count
    }

    /// The one refusal for a UUID an app may not delete, whoever saved it, if anyone did.
    private static let notDeletable = HKError(
        .errorAuthorizationDenied, "An app may delete only objects it saved, and a UUID given is not one of them")

    /// Deletes the principal's objects of a type matching a predicate; returns how many.
    package func deleteObjects(of type: HKSampleType, predicate: PredicateTree?, as principal: Principal) async throws
        -> Int
    {
        // A correlation type is never shared itself: the grants needed are its members' (checked on the rows).
        if !(type is HKCorrelationType) { try await checkShare(type.identifier, as: principal) }
        var query = RowQuery(
            typeIdentifiers: [type.identifier],
            condition: try PredicateTranslation.condition(for: predicate, type: type))
        if case .app(let app) = principal { query.visibleSources = [app.bundleIdentifier] }
        let rows = try await storageCall { try await storage.fetch(query) }
        try await checkDeletion(of: rows, as: principal)
        publish(try await storageCall { try await storage.delete(uuids: rows.map(\.uuid)) })
        return rows.count
    }

    /// An app may delete only what it saved, and only types it may share; a correlation needs its members' types,
    /// as saving it does.
    private func checkDeletion(of rows: [SampleRow], as principal: Principal) async throws {
        guard case .app(let app) = principal else { return }
        try app.checkProvisioning()
        var types: Set<String> = []
        for row in rows {
            guard row.source.bundleIdentifier == app.bundleIdentifier else { throw Self.notDeletable }
            if HKObjectType.type(forRawIdentifier: row.typeIdentifier) is HKCorrelationType {
                let members = try await storageCall {
                    try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .memberOf(row.uuid)))
                }
                types.formUnion(members.map(\.typeIdentifier))
            } else {
                types.insert(row.typeIdentifier)
            }
        }
        for type in types { try await checkShare(type, as: principal) }
    }
}
