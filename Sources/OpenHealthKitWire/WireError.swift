import Foundation
public import OpenHealthKitModel

/// An error as healthd reports it: `{"error": {"code": 4, "domain": "com.apple.healthkit", "message": "..."}}`.
///
/// `code` is the `HKError.Code` raw value, so a client rebuilds the same ``HKError`` the embedded store throws.
public struct WireError: Codable, Sendable, Equatable {
    public struct Body: Codable, Sendable, Equatable {
        public var code: Int
        public var domain: String
        public var message: String
    }

    public var error: Body

    public init(_ error: HKError) {
        self.error = Body(code: error.code.rawValue, domain: HKErrorDomain, message: error.message)
    }

    /// The HealthKit error it describes; an unknown code becomes `unknownError`.
    public var hkError: HKError {
        HKError(HKError.Code(rawValue: error.code) ?? .unknownError, error.message)
    }
}
