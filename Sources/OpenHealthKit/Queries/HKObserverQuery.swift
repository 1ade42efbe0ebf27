import Foundation
import OpenHealthKitEngine

/// What an observer query's update handler calls once it has processed a change (used by background delivery;
/// calling it otherwise is harmless).
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// A long-running query that tells the app when matching samples are saved or deleted, without the data: run an
/// anchored object query from the handler to read what changed.
///
/// The handler runs after each committed save of a sample matching the predicate and after each deletion of a
/// sample of the type that the app can see, until the query is stopped. Changes the app cannot read do not wake it.
public final class HKObserverQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let descriptors: [HKQueryDescriptor]
    private let updateHandler: @Sendable (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void

    public convenience init(
        sampleType: HKSampleType, predicate: NSPredicate?,
        updateHandler: @escaping @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void
    ) {
        self.init(queryDescriptors: [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]) { query, _, completion, error in
            updateHandler(query, completion, error)
        }
    }

    /// An observer of samples matching any of the descriptors; the handler also receives the types that changed.
    public init(
        queryDescriptors: [HKQueryDescriptor],
        updateHandler: @escaping @Sendable (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void
    ) {
        if queryDescriptors.isEmpty { raiseInvalidArgumentException("queryDescriptors must not be empty") }
        descriptors = queryDescriptors
        self.updateHandler = updateHandler
        let single = queryDescriptors.count == 1 ? queryDescriptors[0] : nil
        super.init(objectType: single?.sampleType, predicate: single?.predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let filters: [SampleFilter]
        do {
            filters = try descriptors.map { try $0.filter() }
        } catch {
            runOnce(on: queue, { () throws -> Set<HKSampleType> in throw error }, deliver: { [self] in report($0) })
            return nil
        }
        // Where each descriptor was last checked: from the store's anchor when the query starts.
        let positions = Locked(Array(repeating: Int64(0), count: filters.count))
        return watchChanges(of: Set(filters.map(\.type.identifier)), on: backend, queue: queue) { [self] in
            do {
                let now = try backend.currentAnchor()
                positions.withLock { $0 = Array(repeating: now, count: filters.count) }
            } catch {
                report(.failure(HKError(wrapping: error)))
            }
        } update: { [self] in
            report(Result { try changedTypes(filters, backend: backend, positions: positions) }.mapError(HKError.init(wrapping:)))
        }
    }

    /// The types of the descriptors with a visible change since they were last checked; each is checked up to the
    /// store's anchor read first, so a change committed meanwhile is seen now or at the next check, never lost.
    private func changedTypes(
        _ filters: [SampleFilter], backend: any HealthStoreBackend, positions: Locked<[Int64]>
    ) throws -> Set<HKSampleType> {
        var changed: Set<HKSampleType> = []
        for (index, filter) in filters.enumerated() {
            let now = try backend.currentAnchor()
            let last = positions.withLock { $0[index] }
            let changes = try backend.changes(matching: [filter], after: last, limit: 1)
            if !changes.samples.isEmpty || !changes.deletedObjects.isEmpty { changed.insert(filter.type) }
            positions.withLock { $0[index] = max(last, now) }
        }
        return changed
    }

    /// Calls the handler with the changed types (not at all when none changed) or the error.
    private func report(_ result: Result<Set<HKSampleType>, HKError>) {
        guard !isStopped else { return }
        switch result {
        case .success(let types):
            if !types.isEmpty { updateHandler(self, types, {}, nil) }
        case .failure(let error):
            updateHandler(self, nil, {}, error)
        }
    }
}
