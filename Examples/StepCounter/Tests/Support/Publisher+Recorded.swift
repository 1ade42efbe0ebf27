import HealthKit
import OpenHealthKitTesting

extension Publisher where Failure == Never, Output: Sendable {
    /// What the publisher sends from now on, in order, for a test to wait on, until the cancellable is cancelled.
    func recorded() -> (values: Inbox<Output>, cancellable: AnyCancellable) {
        let values = Inbox<Output>()
        let cancellable = sink { values.post($0) }
        return (values, cancellable)
    }
}
