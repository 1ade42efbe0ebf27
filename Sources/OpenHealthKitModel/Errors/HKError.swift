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
///
/// Like HealthKit's (an `NSError` of ``HKErrorDomain`` underneath), two errors are equal when their codes and their
/// `userInfo` dictionaries are. It is `@unchecked Sendable` because `userInfo` holds `Any` values: it is never
/// mutated once the error is made.
public struct HKError: CustomNSError, LocalizedError, Hashable, @unchecked Sendable {
    /// HealthKit's error codes, with their raw values.
    public enum Code: Int, Sendable, CaseIterable {
        /// An error with no more specific code.
        case unknownError = 0
        /// Health data is not available on this device.
        case errorHealthDataUnavailable = 1
        /// The device's health data is restricted (e.g. by an administrator).
        case errorHealthDataRestricted = 2
        /// A parameter was invalid: a bad value, date, unit, type or predicate.
        case errorInvalidArgument = 3
        /// The app is not authorized for the operation (e.g. saving a type the user did not allow it to share).
        case errorAuthorizationDenied = 4
        /// The app has not asked the user for permission for a type the operation needs.
        case errorAuthorizationNotDetermined = 5
        /// The store could not be read or written (in HealthKit: the device is locked).
        case errorDatabaseInaccessible = 6
        /// The user cancelled the request.
        case errorUserCanceled = 7
        /// Another app started a workout session.
        case errorAnotherWorkoutSessionStarted = 8
        /// The user ended the workout session.
        case errorUserExitedWorkoutSession = 9
        /// The user denied permission for a type the app requires.
        case errorRequiredAuthorizationDenied = 10
        /// The requested data is not available.
        case errorNoData = 11
        /// The workout activity type is not allowed in this kind of session.
        case errorWorkoutActivityNotAllowed = 12
        /// The data is larger than the store accepts.
        case errorDataSizeExceeded = 13
        /// A background workout session is not allowed.
        case errorBackgroundWorkoutSessionNotAllowed = 14
        /// The operation is not permitted in Guest User mode.
        case errorNotPermissibleForGuestUserMode = 15

        /// The former name of ``unknownError``.
        @available(*, deprecated, renamed: "unknownError")
        public static var noError: Code { .unknownError }
    }

    /// What kind of error this is.
    public let code: Code
    /// What the error carries, as `NSError.userInfo`: the message under `NSLocalizedDescriptionKey`, and anything
    /// else the error was made with.
    public let userInfo: [String: Any]
    /// Why a CDA document failed validation: the ``HKDetailedCDAValidationErrorKey`` entry of ``userInfo``.
    package var detailedCDAValidationError: String? { userInfo[HKDetailedCDAValidationErrorKey] as? String }

    /// An error with a code and a message (under `NSLocalizedDescriptionKey`).
    public init(_ code: Code, _ message: String) {
        self.init(code, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// An error with a code and the given `userInfo` (none: `HKError(.errorNoData)`, whose message is Foundation's
    /// description of the code), as HealthKit's Swift overlay makes one.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    /// A message for people, naming what went wrong: the `NSLocalizedDescriptionKey` entry, or Foundation's generic
    /// description of the code when the error has none.
    public var message: String {
        userInfo[NSLocalizedDescriptionKey] as? String
            ?? "The operation couldn’t be completed. (\(HKErrorDomain) error \(code.rawValue).)"
    }

    /// Errors are equal when their codes and their `userInfo` dictionaries are (`NSDictionary` equality).
    public static func == (lhs: HKError, rhs: HKError) -> Bool {
        lhs.code == rhs.code && NSDictionary(dictionary: lhs.userInfo).isEqual(to: rhs.userInfo)
    }

    /// Hashes the code and the message, which equal errors share.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    /// The hash of the code and the message.
    public var hashValue: Int {
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize()
    }

    /// The error domain, ``HKErrorDomain`` (`com.apple.healthkit`).
    public static var errorDomain: String { HKErrorDomain }
    /// The code's raw value, as `NSError.code`.
    public var errorCode: Int { code.rawValue }
    /// The `userInfo`, as `NSError.userInfo`.
    public var errorUserInfo: [String: Any] { userInfo }
    /// The message.
    public var errorDescription: String? { message }
    /// The message, as `NSError.localizedDescription`.
    public var localizedDescription: String { message }

    /// The former name of ``unknownError``.
    @available(*, deprecated, renamed: "unknownError")
    public static var noError: Code { .unknownError }
    /// The code ``Code/unknownError``, so that `catch HKError.unknownError` reads as in HealthKit.
    public static var unknownError: Code { .unknownError }
    /// The code ``Code/errorHealthDataUnavailable``.
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    /// The code ``Code/errorHealthDataRestricted``.
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    /// The code ``Code/errorInvalidArgument``.
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    /// The code ``Code/errorAuthorizationDenied``.
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    /// The code ``Code/errorAuthorizationNotDetermined``.
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    /// The code ``Code/errorDatabaseInaccessible``.
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    /// The code ``Code/errorUserCanceled``.
    public static var errorUserCanceled: Code { .errorUserCanceled }
    /// The code ``Code/errorAnotherWorkoutSessionStarted``.
    public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
    /// The code ``Code/errorUserExitedWorkoutSession``.
    public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
    /// The code ``Code/errorRequiredAuthorizationDenied``.
    public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
    /// The code ``Code/errorNoData``.
    public static var errorNoData: Code { .errorNoData }
    /// The code ``Code/errorWorkoutActivityNotAllowed``.
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
    /// The code ``Code/errorDataSizeExceeded``.
    public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
    /// The code ``Code/errorBackgroundWorkoutSessionNotAllowed``.
    public static var errorBackgroundWorkoutSessionNotAllowed: Code { .errorBackgroundWorkoutSessionNotAllowed }
    /// The code ``Code/errorNotPermissibleForGuestUserMode``.
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
