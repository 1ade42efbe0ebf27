import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// Asks to be told of changes to `type` while the app is not running, at most once per `frequency`. The app
    /// needs the `com.apple.developer.healthkit.background-delivery` entitlement (else `errorAuthorizationDenied`,
    /// as in HealthKit); correlation types are not supported.
    ///
    /// Changes the app can see that its observer queries have not acknowledged (by calling their completion
    /// handler) are pending: an observer query of the type reports them as soon as it runs, and healthd also posts
    /// a wake-up to the app's callback, if it registered one.
    public func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        dispatch(
            { [backend] in try backend.enableBackgroundDelivery(for: type, frequency: frequency) },
            completion: Self.report(completion))
    }

    /// Asks to be told of changes to `type` while the app is not running, at most once per `frequency`.
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        try await perform { [backend] in try backend.enableBackgroundDelivery(for: type, frequency: frequency) }
    }

    /// Stops background delivery of changes to `type`.
    public func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        dispatch({ [backend] in try backend.disableBackgroundDelivery(for: type) }, completion: Self.report(completion))
    }

    /// Stops background delivery of changes to `type`.
    public func disableBackgroundDelivery(for type: HKObjectType) async throws {
        try await perform { [backend] in try backend.disableBackgroundDelivery(for: type) }
    }

    /// Stops background delivery of every type.
    public func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch({ [backend] in try backend.disableBackgroundDelivery(for: nil) }, completion: Self.report(completion))
    }

    /// Stops background delivery of every type.
    public func disableAllBackgroundDelivery() async throws {
        try await perform { [backend] in try backend.disableBackgroundDelivery(for: nil) }
    }

    private static func report(_ completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
        -> @Sendable (Result<Void, HKError>) -> Void
    {
        { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }
}
