import Foundation
import OpenHealthKitEngine

/// The running part of a long-running query: it subscribes to the store's changes when the query is executed, then
/// runs `initial` and, after each change, `update`, one step at a time on a serial queue over the store's queue,
/// until stopped.
///
/// The subscription opens before `start` returns and follows the store from an anchor taken then (the anchor
/// `initial` receives), so a change committed after `execute` is never lost, on either backend.
final class ChangeWatch: Sendable {
    private let serial: DispatchQueue
    private let subscription = Locked<StoreSubscription?>(nil)
    private let stopped = Locked(false)

    init(label: String, queue: DispatchQueue) {
        serial = DispatchQueue(label: label, target: queue)
    }

    var isStopped: Bool { stopped.withLock { $0 } }

    /// Subscribes to the changes of `kinds` touching `typeIdentifiers`, then runs `initial` with the anchor the
    /// subscription follows from, and `update` after each change.
    func start(
        _ typeIdentifiers: Set<String>, kinds: Set<StoreChange.Kind>, on backend: any HealthStoreBackend,
        initial: @escaping @Sendable (Result<Int64, HKError>) -> Void, update: @escaping @Sendable () -> Void
    ) {
        // `initial` is queued before the subscription opens, so that every update runs after it.
        let subscribed = Eventual<StoreSubscription>()
        serial.async { [self] in
            guard let token = try? subscribed.value(), !isStopped else { return }
            initial(Result { () throws(HKError) in try token.startAnchor() })
        }
        let token = backend.subscribe(to: typeIdentifiers, kinds: kinds) { [self] _ in
            serial.async { if !self.isStopped { update() } }
        }
        subscription.withLock { $0 = token }
        subscribed.resolve(.success(token))
        // `stop` may have run before the token was stored.
        if isStopped { token.cancel() }
    }

    /// Runs `work` once on the serial queue (a query that does not keep running).
    func runOnce(_ work: @escaping @Sendable () -> Void) {
        serial.async { [self] in if !isStopped { work() } }
    }

    func stop() {
        stopped.withLock { $0 = true }
        subscription.withLock { token in
            token?.cancel()
            token = nil
        }
    }
}
