import Foundation
public import OpenHealthKitModel

/// The code of the `HKError` `body` throws (`unknownError` for any other error), or nil when it succeeds.
public func failure(_ body: () async throws -> Void) async -> HKError.Code? {
    do {
        try await body()
        return nil
    } catch {
        return (error as? HKError)?.code ?? .unknownError
    }
}

/// The code of the `HKError` `body` throws (`unknownError` for any other error), or nil when it succeeds.
public func failure(_ body: () throws -> Void) -> HKError.Code? {
    do {
        try body()
        return nil
    } catch {
        return (error as? HKError)?.code ?? .unknownError
    }
}
