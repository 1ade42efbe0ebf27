import Foundation
import OpenHealthKitModel

/// Tells long-running queries about each committed change, after the commit.
///
/// Subscribers receive the change on their own serial queue, in commit order, so a handler never races itself.
package final class ChangeFeed: Sendable {
    private struct Subscriber {
        let typeIdentifiers: Set<String>?
        let kinds: Set<StoreChange.Kind>
        let queue: DispatchQueue
        let handler: @Sendable (StoreChange) -> Void
    }

    private let subscribers = Locked<[UUID: Subscriber]>([:])
    private let activity = Locked<SendableFunction<Bool, Void>?>(nil)

    package init() {}

    /// Calls `handler` with true when the feed gets its first subscriber and with false when its last one leaves,
    /// in that order (it is called under the feed's lock: it must only hand the news on).
    func onActivity(_ handler: @escaping @Sendable (Bool) -> Void) {
        activity.withLock { $0 = SendableFunction(handler) }
    }

    /// Calls `handler` after every change of one of `kinds` touching one of `typeIdentifiers` (every type when nil),
    /// until the returned token is cancelled.
    package func subscribe(
        to typeIdentifiers: Set<String>?, kinds: Set<StoreChange.Kind> = [.samples],
        handler: @escaping @Sendable (StoreChange) -> Void
    ) -> ChangeSubscription {
        let id = UUID()
        let subscriber = Subscriber(
            typeIdentifiers: typeIdentifiers, kinds: kinds, queue: DispatchQueue(label: "OpenHealthKit.subscriber"),
            handler: handler)
        subscribers.withLock { subscribers in
            subscribers[id] = subscriber
            if subscribers.count == 1 { activity.withLock { $0?.call(true) } }
        }
        return ChangeSubscription { [weak self] in self?.unsubscribe(id) }
    }

    private func unsubscribe(_ id: UUID) {
        subscribers.withLock { subscribers in
            if subscribers.removeValue(forKey: id) != nil, subscribers.isEmpty { activity.withLock { $0?.call(false) } }
        }
    }

    package func publish(_ change: StoreChange) {
        let interested = subscribers.withLock { subscribers in
            subscribers.values.filter { subscriber in
                subscriber.kinds.contains(change.kind)
                    && subscriber.typeIdentifiers.map { !$0.isDisjoint(with: change.typeIdentifiers) } ?? true
            }
        }
        for subscriber in interested {
            subscriber.queue.async { subscriber.handler(change) }
        }
    }
}

/// A live subscription to a ``ChangeFeed``; cancel it to stop receiving changes.
package final class ChangeSubscription: Sendable {
    private let onCancel: Locked<SendableFunction<Void, Void>?>

    package init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(SendableFunction(onCancel))
    }

    package func cancel() {
        onCancel.withLock { action in
            action?.call(())
            action = nil
        }
    }

    deinit { cancel() }
}
