public import Foundation
import OpenHealthKitEngine

/// What an observer query's update handler calls once it has processed a change: for a type with background
/// delivery it tells the store that the app received the changes, which otherwise stay pending and are delivered
/// again (calling it otherwise is harmless).
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// A long-running query that tells the app when matching samples are saved or deleted, without the data: run an
/// anchored object query from the handler to read what changed.
///
/// The handler runs after each committed save of a sample matching the predicate and after each deletion of a
/// sample of the type that the app can see, until the query is stopped. Changes the app cannot read do not wake it.
open class HKObserverQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private let descriptors: [HKQueryDescriptor]
    private let updateHandler:
        @Sendable (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?) ->
            Void

    /// An observer of samples of one type matching `predicate` (nil: every sample of the type).
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?,
        updateHandler:
            @escaping @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void
    ) {
        descriptors = [HKQueryDescriptor(sampleType: sampleType, predicate: predicate)]
        self.updateHandler = { query, _, completion, error in updateHandler(query, completion, error) }
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// An observer of samples matching any of the descriptors; the handler also receives the types that changed.
    public init(
        queryDescriptors: [HKQueryDescriptor],
        updateHandler:
            @escaping @Sendable (
                HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?
            ) -> Void
    ) {
        descriptors = queryDescriptors.requiredByQuery()
        self.updateHandler = updateHandler
        super.init(objectType: queryDescriptors.single?.sampleType, predicate: queryDescriptors.single?.predicate)
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let filters: [SampleFilter]
        do {
            filters = try descriptors.map { try $0.filter() }
        } catch {
            runOnce(on: queue, { () throws -> Set<HKSampleType> in throw error }, deliver: { [self] in report($0) })
            return nil
        }
        // Where each descriptor was last checked: from the anchor taken when the query was executed, or for a type
        // with background delivery from where the app last acknowledged it, so that what is pending is reported.
        let positions = Locked(Array(repeating: Int64(0), count: filters.count))
        let delivered = Locked<Set<HKSampleType>>([])
        return watchChanges(of: Set(filters.map(\.type.identifier)), on: backend, queue: queue) { [self] start in
            do {
                let now = try start.get()
                var starts: [Int64] = []
                for filter in filters {
                    let position = try backend.backgroundDeliveryPosition(for: filter.type)
                    if position != nil { delivered.withLock { _ = $0.insert(filter.type) } }
                    starts.append(min(now, position ?? now))
                }
                positions.withLock { $0 = starts }
            } catch {
                report(.failure(HKError(wrapping: error)))
            }
        } update: { [self] in
            let result = Result { try changedTypes(filters, backend: backend, positions: positions) }.mapError(
                HKError.init(wrapping:))
            // The completion handler acknowledges background delivery of what was reported.
            let acknowledged = (try? result.get()).map { ($0.types.intersection(delivered.withLock { $0 }), $0.upTo) }
            report(result.map(\.types)) {
                if let (types, anchor) = acknowledged, !types.isEmpty {
                    backend.acknowledgeBackgroundDelivery(of: types, upTo: anchor)
                }
            }
        }
    }

    /// The types of the descriptors with a visible change since they were last checked, and the anchor every one of
    /// them was checked up to; each is checked up to the store's anchor read first, so a change committed meanwhile
    /// is seen now or at the next check, never lost.
    private func changedTypes(
        _ filters: [SampleFilter], backend: any HealthStoreBackend, positions: Locked<[Int64]>
    ) throws -> (types: Set<HKSampleType>, upTo: Int64) {
        var changed: Set<HKSampleType> = []
        var upTo = Int64.max
        for (index, filter) in filters.enumerated() {
            let now = try backend.currentAnchor()
            let last = positions.withLock { $0[index] }
            let changes = try backend.changes(matching: [filter], after: last, limit: 1)
            if !changes.samples.isEmpty || !changes.deletedObjects.isEmpty { changed.insert(filter.type) }
            positions.withLock { $0[index] = max(last, now) }
            upTo = min(upTo, max(last, now))
        }
        return (changed, upTo)
    }

    /// Calls the handler with the changed types (not at all when none changed) or the error; `completion` is what
    /// the handler's completion handler does.
    private func report(
        _ result: Result<Set<HKSampleType>, HKError>, completion: @escaping HKObserverQueryCompletionHandler = {}
    ) {
        guard !isStopped else { return }
        switch result {
        case .success(let types):
            if !types.isEmpty { updateHandler(self, types, completion, nil) }
        case .failure(let error):
            updateHandler(self, nil, {}, error)
        }
    }
}
