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

    /// Runs a query that keeps running: `initial` first, then `update` after every committed change touching one of
    /// `typeIdentifiers` (grant changes for those types included, so that a revoked read takes effect at once), one
    /// at a time on a serial queue over the store's queue, until the query is stopped. Returns what stops it.
    ///
    /// The subscription starts before `initial` reads the store, so no change falls between the two.
    func watchChanges(
        of typeIdentifiers: Set<String>, on backend: any HealthStoreBackend, queue: DispatchQueue,
        initial: @escaping @Sendable () -> Void, update: @escaping @Sendable () -> Void
    ) -> @Sendable () -> Void {
        let serial = DispatchQueue(label: "OpenHealthKit.\(type(of: self))", target: queue)
        let subscription = Locked<ChangeSubscription?>(nil)
        serial.async { [self] in
            guard !isStopped else { return }
            let token = backend.subscribe(to: typeIdentifiers) { _ in
                serial.async { if !self.isStopped { update() } }
            }
            subscription.withLock { $0 = token }
            // `stop` may have run before the token was stored.
            if isStopped { token.cancel() }
            initial()
        }
        return {
            subscription.withLock { token in
                token?.cancel()
                token = nil
            }
        }
    }
}
