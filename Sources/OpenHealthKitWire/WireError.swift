import Foundation
public import OpenHealthKitModel

/// An error as healthd reports it: `{"error": {"code": 4, "domain": "com.apple.healthkit", "message": "..."}}`.
///
/// `code` is the `HKError.Code` raw value, so a client rebuilds the same ``HKError`` the embedded store throws.
public struct WireError: Codable, Sendable, Equatable {
    /// The error's fields.
    public struct Body: Codable, Sendable, Equatable {
        /// The `HKError.Code` raw value.
        public var code: Int
        /// The error domain, `com.apple.healthkit`.
        public var domain: String
        /// What went wrong, for people.
        public var message: String
    }

    /// The error.
    public var error: Body

    /// The wire form of a HealthKit error, its message at most ``ErrorEcho/maximumMessage`` characters (whatever
    /// it repeats of a request, the answer stays small).
    public init(_ error: HKError) {
        self.error = Body(
            code: error.code.rawValue, domain: HKErrorDomain,
            message: ErrorEcho.text(error.message, limit: ErrorEcho.maximumMessage))
    }

    /// The HealthKit error it describes; an unknown code becomes `unknownError`.
    public var hkError: HKError {
        HKError(HKError.Code(rawValue: error.code) ?? .unknownError, error.message)
    }
}
