import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// ``execute(_:)``'s work: starts the query once.
    func startQuery(_ query: HKQuery) {
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

    /// ``stop(_:)``'s work: ends the query for good.
    func stopQuery(_ query: HKQuery) {
        let stopWork = query.lifecycle.withLock { state -> (@Sendable () -> Void)? in
            defer { state = .stopped }
            if case .running(let stop) = state { return stop }
            return nil
        }
        stopWork?()
    }
}
