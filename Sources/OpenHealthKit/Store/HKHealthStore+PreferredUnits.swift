import Foundation
import OpenHealthKitEngine

/// The units the user reads their data in: chosen on the Health web app's Me page, else the default of their locale
/// (pounds for body mass in the US, kilograms elsewhere...). Present values in these units.
extension HKHealthStore {
    /// The user's preferred unit for each type. The app must have requested read or share access to every type
    /// first: otherwise the completion gets `errorAuthorizationNotDetermined` (and an empty dictionary).
    public func preferredUnits(
        for quantityTypes: Set<HKQuantityType>,
        completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void
    ) {
        dispatch({ [backend] in try backend.preferredUnits(for: quantityTypes) }) { result in
            switch result {
            case .success(let units): completion(units, nil)
            case .failure(let error): completion([:], error)
            }
        }
    }

    /// The user's preferred unit for each type; throws `errorAuthorizationNotDetermined` when the app has not yet
    /// requested access to one of them.
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        try await perform { [backend] in try backend.preferredUnits(for: quantityTypes) }
    }
}
