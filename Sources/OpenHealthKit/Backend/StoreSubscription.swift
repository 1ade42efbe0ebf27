import Foundation
import OpenHealthKitEngine

/// A backend's subscription to the store's changes, opened by ``HealthStoreBackend/subscribe(to:kinds:handler:)``:
/// every change committed after the subscription was opened reaches its handler. Cancelling it stops them.
package final class StoreSubscription: Sendable {
    private let token: ChangeSubscription
    private let start: Eventual<Int64>

    /// `start` is where the subscription follows the store from, once the backend knows it.
    init(start: Eventual<Int64>, token: ChangeSubscription) {
        self.start = start
        self.token = token
    }

    /// The anchor the subscription follows from: every change after it reaches the handler. Waits until the backend
    /// knows it (healthd is asked when the subscription opens).
    func startAnchor() throws(HKError) -> Int64 {
        try start.value()
    }

    func cancel() {
        token.cancel()
    }
}

/// A value that arrives later, once; readers wait for it.
final class Eventual<Value: Sendable>: Sendable {
    private let result = Locked<Result<Value, HKError>?>(nil)
    private let arrived = DispatchGroup()

    init() {
        arrived.enter()
    }

    /// Already known.
    init(_ result: Result<Value, HKError>) {
        self.result.withLock { $0 = result }
    }

    /// Sets the value (only once: later calls are ignored).
    func resolve(_ value: Result<Value, HKError>) {
        let first = result.withLock { current -> Bool in
            guard current == nil else { return false }
            current = value
            return true
        }
        if first { arrived.leave() }
    }

    /// The value, waiting until it arrived.
    func value() throws(HKError) -> Value {
        arrived.wait()
        return try result.withLock { $0! }.get()
    }
}
