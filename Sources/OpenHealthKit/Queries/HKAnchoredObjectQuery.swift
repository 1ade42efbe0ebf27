public import Foundation
import OpenHealthKitEngine

/// A query for the samples added and objects deleted since an anchor, returning the anchor to resume from.
///
/// Pass nil as the anchor to read every matching sample. With an ``updateHandler`` (allowed only without a limit)
/// the query keeps running: after each committed change it delivers the new samples and deletions, until stopped.
/// Each delivery reads with the app's current permissions, so a revoked read takes effect at once.
open class HKAnchoredObjectQuery: HKQuery, ExecutableQuery, @unchecked Sendable {
    private typealias Handler =
        @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void

    private let descriptors: [HKQueryDescriptor]
    private let anchor: HKQueryAnchor?
    private let limit: Int
    private let resultsHandler: Handler
    private let updateHandlerBox = Locked<Handler?>(nil)

    /// Called with the changes after each committed save or delete of matching samples; setting it makes the query
    /// keep running. It can be set only before the query is executed, and only on a query without a limit.
    public var updateHandler:
        (@Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) -> Void)?
    {
        get { updateHandlerBox.withLock { $0 } }
        set {
            if newValue != nil, limit != HKObjectQueryNoLimit {
                raiseInvalidArgumentException("An HKAnchoredObjectQuery with a limit cannot have an updateHandler")
            }
            if !lifecycle.withLock({ if case .created = $0 { return true } else { return false } }) {
                raiseInvalidArgumentException(
                    "The updateHandler of an HKAnchoredObjectQuery cannot change once it is executed")
            }
            updateHandlerBox.withLock { $0 = newValue }
        }
    }

    /// A query for the changes to samples of `type` matching `predicate` after `anchor` (nil: from the beginning),
    /// up to `limit` samples and deleted objects together (`HKObjectQueryNoLimit`: all).
    public init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler:
            @escaping @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?)
            -> Void
    ) {
        descriptors = [HKQueryDescriptor(sampleType: type, predicate: predicate)]
        (self.anchor, self.limit, resultsHandler) = (anchor, max(0, limit), handler)
        super.init(objectType: type, predicate: predicate)
    }

    /// A query for the samples of `type` matching `predicate` saved after an integer anchor: HealthKit's first
    /// anchored query (iOS 8), which reports no deletions and hands back the new anchor as an integer. Pass
    /// ``HKAnchoredObjectQueryNoAnchor`` (0) to read every matching sample. It runs once.
    @available(*, deprecated, message: "Use init(type:predicate:anchor:limit:resultsHandler:)")
    public init(
        type: HKSampleType, predicate: NSPredicate?, anchor: Int, limit: Int,
        completionHandler handler: @escaping @Sendable (HKAnchoredObjectQuery, [HKSample]?, Int, (any Error)?) -> Void
    ) {
        descriptors = [HKQueryDescriptor(sampleType: type, predicate: predicate)]
        (self.anchor, self.limit) = (anchor == 0 ? nil : HKQueryAnchor(fromValue: anchor), max(0, limit))
        resultsHandler = { query, samples, _, newAnchor, error in
            handler(query, samples, newAnchor.map { Int($0.value) } ?? anchor, error)
        }
        super.init(objectType: type, predicate: predicate)
    }

    /// A query for the changes after `anchor` to samples matching any of the descriptors.
    public init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler:
            @escaping @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?)
            -> Void
    ) {
        descriptors = queryDescriptors.requiredByQuery()
        (self.anchor, self.limit, resultsHandler) = (anchor, max(0, limit), handler)
        super.init(objectType: queryDescriptors.single?.sampleType, predicate: queryDescriptors.single?.predicate)
    }

    /// Keeps the query running with `handler` even with a limit: updates then come in pages of at most `limit`
    /// (the async sequence of `HKAnchoredObjectQueryDescriptor`).
    package func keepDelivering(
        to handler:
            @escaping @Sendable (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?)
            -> Void
    ) {
        updateHandlerBox.withLock { $0 = handler }
    }

    package func start(on backend: any HealthStoreBackend, queue: DispatchQueue) -> (@Sendable () -> Void)? {
        let filters: [SampleFilter]
        do {
            filters = try descriptors.map { try $0.filter() }
        } catch {
            runOnce(
                on: queue, { () throws -> AnchoredChanges in throw error },
                deliver: { [self] in deliver($0, to: resultsHandler) })
            return nil
        }
        let anchor = self.anchor?.value ?? 0
        guard let updateHandler else {
            let limit = limit
            runOnce(on: queue, { try backend.changes(matching: filters, after: anchor, limit: limit) }) { [self] in
                deliver($0, to: resultsHandler)
            }
            return nil
        }
        let position = Locked(anchor)
        return watchChanges(of: Set(filters.map(\.type.identifier)), on: backend, queue: queue) { [self] _ in
            // From the query's own anchor: everything up to now, and the subscription follows from before now.
            deliverPages(
                from: backend, filters: filters, position: position, first: resultsHandler, then: updateHandler)
        } update: { [self] in
            deliverPages(from: backend, filters: filters, position: position, first: nil, then: updateHandler)
        }
    }

    /// Reads and delivers the changes after `position` page by page until a page is not full, moving `position` on.
    /// The first page goes to `first` even when empty; later pages go to `then` when they hold anything.
    private func deliverPages(
        from backend: any HealthStoreBackend, filters: [SampleFilter], position: Locked<Int64>, first: Handler?,
        then: @escaping Handler
    ) {
        var handler = first
        while !isStopped {
            let result = Result {
                try backend.changes(matching: filters, after: position.withLock { $0 }, limit: limit)
            }
            .mapError(HKError.init(wrapping:))
            guard case .success(let changes) = result else {
                deliver(result, to: handler ?? then)
                return
            }
            position.withLock { $0 = changes.anchor }
            let count = changes.samples.count + changes.deletedObjects.count
            if handler != nil || count > 0 { deliver(result, to: handler ?? then) }
            handler = nil
            guard limit > 0, count == limit else { return }
        }
    }

    private func deliver(_ result: Result<AnchoredChanges, HKError>, to handler: Handler) {
        guard !isStopped else { return }
        switch result {
        case .success(let changes):
            handler(self, changes.samples, changes.deletedObjects, HKQueryAnchor(value: changes.anchor), nil)
        case .failure(let error):
            handler(self, nil, nil, nil, error)
        }
    }
}
