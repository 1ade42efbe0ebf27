public import Foundation

/// The error domain of every ``HKError`` (`"com.apple.healthkit"`, as in HealthKit).
public let HKErrorDomain = "com.apple.healthkit"

/// An error from the health store, with HealthKit's domain and codes.
///
/// Catch it by code the way HealthKit code does:
/// ```swift
/// do { try await store.save(sample) }
/// catch HKError.errorAuthorizationDenied { ... }
/// catch let error as HKError where error.code == .errorInvalidArgument { ... }
/// ```
public struct HKError: CustomNSError, LocalizedError, Hashable, Sendable {
    /// HealthKit's error codes, with their raw values.
    public enum Code: Int, Sendable, CaseIterable {
        case unknownError = 0
        case errorHealthDataUnavailable = 1
        case errorHealthDataRestricted = 2
        case errorInvalidArgument = 3
        case errorAuthorizationDenied = 4
        case errorAuthorizationNotDetermined = 5
        case errorDatabaseInaccessible = 6
        case errorUserCanceled = 7
        case errorAnotherWorkoutSessionStarted = 8
        case errorUserExitedWorkoutSession = 9
        case errorRequiredAuthorizationDenied = 10
        case errorNoData = 11
        case errorWorkoutActivityNotAllowed = 12
        case errorDataSizeExceeded = 13
        case errorBackgroundWorkoutSessionNotAllowed = 14
        case errorNotPermissibleForGuestUserMode = 15

        @available(*, deprecated, renamed: "unknownError")
        public static var noError: Code { .unknownError }
    }

    public let code: Code
    /// A message for people, naming what went wrong.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static var errorDomain: String { HKErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    public var errorDescription: String? { message }

    public static var unknownError: Code { .unknownError }
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    public static var errorUserCanceled: Code { .errorUserCanceled }
    public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
    public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
    public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
    public static var errorNoData: Code { .errorNoData }
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
    public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
    public static var errorBackgroundWorkoutSessionNotAllowed: Code { .errorBackgroundWorkoutSessionNotAllowed }
    public static var errorNotPermissibleForGuestUserMode: Code { .errorNotPermissibleForGuestUserMode }
}

extension HKError.Code {
    /// Lets `catch HKError.errorAuthorizationDenied` match an ``HKError`` with that code.
    public static func ~= (code: HKError.Code, error: any Error) -> Bool {
        (error as? HKError)?.code == code
    }
}

extension HKError {
    /// `errorInvalidArgument` with a message: the error for every bad input.
    package static func invalidArgument(_ message: String) -> HKError {
        HKError(.errorInvalidArgument, message)
    }
}
