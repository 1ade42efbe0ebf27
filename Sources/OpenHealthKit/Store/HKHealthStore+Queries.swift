import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// Starts a query. Its handlers are called on a background queue. A query runs once: executing it again raises.
    public func execute(_ query: HKQuery) {
        guard let executable = query as? any ExecutableQuery else {
            raiseInvalidArgumentException("\(type(of: query)) cannot be executed by this store")
        }
        let alreadyStarted = query.lifecycle.withLock { state -> Bool in
            guard case .created = state else { return true }
            state = .running(stop: {})
            return false
        }
        if alreadyStarted {
            raiseInvalidArgumentException(
                "You cannot start a query that is already active or has been stopped: \(query)")
        }
        let stopWork = executable.start(on: backend, queue: workQueue())
        let stopNow = query.lifecycle.withLock { state -> Bool in
            guard case .running = state else { return true }
            state = .running(stop: stopWork ?? {})
            return false
        }
        if stopNow { stopWork?() }
    }

    /// Stops a query: its handlers are not called again. Stopping twice, or stopping a query never executed, is harmless.
    public func stop(_ query: HKQuery) {
        let stopWork = query.lifecycle.withLock { state -> (@Sendable () -> Void)? in
            defer { state = .stopped }
            if case .running(let stop) = state { return stop }
            return nil
        }
        stopWork?()
    }
}
