import Foundation
import OpenHealthKitEngine

/// The units the user reads their data in: chosen on the Health web app's Me page, else the default of their locale
/// (pounds for body mass in the US, kilograms elsewhere...). Present values in these units.
///
/// When the user changes one, each store posts `HKUserPreferencesDidChange` with itself as the object (observe it with
/// the store, as HealthKit advises, to hear it once). A store follows the preferences from its first call to
/// `preferredUnits(for:)` (an app that shows no units has nothing to update); from when that call returns, every
/// change is posted, whichever process makes it.
extension HKHealthStore {
    /// The user's preferred unit for each type. The app must have requested read or share access to every type
    /// first: otherwise the completion gets `errorAuthorizationNotDetermined` (and an empty dictionary).
    public func preferredUnits(
        for quantityTypes: Set<HKQuantityType>,
        completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void
    ) {
        dispatch({ [self] in try unitsFollowingChanges(quantityTypes) }) { result in
            switch result {
            case .success(let units): completion(units, nil)
            case .failure(let error): completion([:], error)
            }
        }
    }

    /// The user's preferred unit for each type; throws `errorAuthorizationNotDetermined` when the app has not yet
    /// requested access to one of them.
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        try await perform { [self] in try unitsFollowingChanges(quantityTypes) }
    }

    /// The units, after starting to follow their changes if the store does not yet.
    private func unitsFollowingChanges(_ quantityTypes: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        let units = try backend.preferredUnits(for: quantityTypes)
        preferenceWatch.withLock { watch in
            guard watch == nil else { return }
            watch = backend.followPreferredUnits { [weak self] in
                guard let self else { return }
                NotificationCenter.default.post(name: .HKUserPreferencesDidChange, object: self)
            }
        }
        return units
    }
}
