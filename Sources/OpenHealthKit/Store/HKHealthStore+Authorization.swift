import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// The app's permission to write `type`. Read permission is never revealed.
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        backend.authorizationStatus(for: type)
    }

    /// ``requestAuthorization(toShare:read:completion:)``'s work.
    func askAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let share = typesToShare ?? [], read = typesToRead ?? []
        do {
            try backend.checkRequestShape(toShare: share, read: read)
        } catch {
            raiseInvalidArgumentException(HKError(wrapping: error).message)
        }
        Task {
            do {
                try await backend.requestAuthorization(toShare: share, read: read)
                completion(true, nil)
            } catch {
                completion(false, HKError(wrapping: error))
            }
        }
    }

    /// Asks the user for permission, unless every type was already answered; throws ``HKError`` for a request
    /// HealthKit would refuse (with its messages).
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>)
        async throws
    {
        do {
            try await backend.requestAuthorization(toShare: typesToShare, read: typesToRead)
        } catch {
            throw HKError(wrapping: error)
        }
    }

    /// Whether a request for these types would ask the user anything.
    public func getRequestStatusForAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
        completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
    ) {
        dispatch({ [backend] in try backend.requestStatus(toShare: typesToShare, read: typesToRead) }) { result in
            switch result {
            case .success(let status): completion(status, nil)
            case .failure(let error): completion(.unknown, error)
            }
        }
    }

    /// Whether a request for these types would ask the user anything.
    public func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        try await perform { [backend] in try backend.requestStatus(toShare: typesToShare, read: typesToRead) }
    }
}
