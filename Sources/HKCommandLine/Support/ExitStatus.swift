import ArgumentParser
import OpenHealthKit

/// `hk`'s exit statuses for failures (success is 0).
enum ExitStatus: Int32 {
    /// Something went wrong that is not the caller's input (storage, I/O).
    case failure = 1
    /// Bad input: a usage error, an unknown type or unit, a malformed value or date.
    case badInput = 2
    /// The input was used in part: `hk import` of a document that ends early stored what it read.
    case incomplete = 3

    /// The status an error ends `hk` with, or nil when it is a clean exit (help, `--version`).
    ///
    /// Bad input is what ArgumentParser rejects (its usage and `ValidationError`s) and `HKError.errorInvalidArgument`.
    /// Commands report failures by throwing those errors; a thrown `ExitCode` other than 1, 2 or 3 becomes ``failure``.
    init?(for error: any Error) {
        switch error {
        case let code as ExitCode:
            if code.isSuccess { return nil }
            self = ExitStatus(rawValue: code.rawValue) ?? .failure
        case let error as HKError:
            self = error.code == .errorInvalidArgument ? .badInput : .failure
        default:
            let code = HK.exitCode(for: error)
            if code.isSuccess { return nil }
            self = code == .validationFailure ? .badInput : .failure
        }
    }
}
