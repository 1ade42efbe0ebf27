import Foundation
import OpenHealthKitEngine

extension HKQuery {
    /// Runs a one-shot query's work on `queue` and hands the outcome to `deliver` there, unless the query was
    /// stopped meanwhile.
    func runOnce<T>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T,
        deliver: @escaping @Sendable (Result<T, HKError>) -> Void
    ) {
        queue.async { [self] in
            let result = Result { try work() }.mapError(HKError.init(wrapping:))
            guard !isStopped else { return }
            deliver(result)
        }
    }

    /// Runs a query that keeps running: `initial` first, with the anchor the query follows the store from, then
    /// `update` after every committed change touching one of `typeIdentifiers` (see ``ChangeWatch``), until the
    /// query is stopped. Returns what stops it.
    func watchChanges(
        of typeIdentifiers: Set<String>, on backend: any HealthStoreBackend, queue: DispatchQueue,
        initial: @escaping @Sendable (Result<Int64, HKError>) -> Void, update: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        let watch = ChangeWatch(label: "OpenHealthKit.\(type(of: self))", queue: queue)
        watch.start(typeIdentifiers, kinds: [.samples], on: backend, initial: initial, update: update)
        return { watch.stop() }
    }
}
