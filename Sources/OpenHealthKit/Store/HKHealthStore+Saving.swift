public import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// Saves one object; it must be valid and the app allowed to write its type.
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    /// Saves one object; it must be valid and the app allowed to write its type.
    public func save(_ object: HKObject) async throws {
        try await save([object])
    }

    /// Saves objects all or nothing: if one is invalid or not allowed, none is saved.
    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        dispatch({ [backend] in try backend.save(objects, associating: [:]) }) {
            completion(Self.succeeded($0), Self.error($0))
        }
    }

    /// Saves the objects all or nothing; each must be valid and the app allowed to write its type.
    public func save(_ objects: [HKObject]) async throws {
        try await perform { [backend] in try backend.save(objects, associating: [:]) }
    }

    /// Deletes one object the app saved.
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        delete([object], withCompletion: completion)
    }

    /// Deletes one object the app saved.
    public func delete(_ object: HKObject) async throws {
        try await delete([object])
    }

    /// Deletes objects the app saved; deleting another source's object fails with `errorAuthorizationDenied`.
    public func delete(
        _ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let uuids = objects.map(\.uuid)
        dispatch({ [backend] in try backend.delete(uuids: uuids) }) { completion(Self.succeeded($0), Self.error($0)) }
    }

    /// Deletes objects the app saved, all or nothing.
    public func delete(_ objects: [HKObject]) async throws {
        let uuids = objects.map(\.uuid)
        try await perform { [backend] in try backend.delete(uuids: uuids) }
    }

    /// Deletes the app's objects of a type that match `predicate`, reporting how many.
    public func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void
    ) {
        let tree = Result { try PredicateCondition.tree(from: predicate) }
        dispatch({ [backend] in try backend.deleteObjects(of: Self.sampleType(objectType), predicate: tree.get()) }) {
            result in
            completion(Self.succeeded(result), (try? result.get()) ?? 0, Self.error(result))
        }
    }

    /// Deletes the app's objects of a type that match `predicate`, returning how many.
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        let tree = try PredicateCondition.tree(from: predicate)
        return try await perform { [backend] in
            try backend.deleteObjects(of: Self.sampleType(objectType), predicate: tree)
        }
    }

    static func sampleType(_ type: HKObjectType) throws -> HKSampleType {
        guard let sampleType = type as? HKSampleType else {
            throw HKError.invalidArgument("\(type.identifier) is not a sample type")
        }
        return sampleType
    }

    static func succeeded<T>(_ result: Result<T, HKError>) -> Bool {
        if case .success = result { return true }
        return false
    }

    static func error<T>(_ result: Result<T, HKError>) -> (any Error)? {
        if case .failure(let error) = result { return error }
        return nil
    }
}
