import Foundation
import OpenHealthKitModel

/// The properties a fuzz target holds its code to. A violation traps, which libFuzzer reports as a crash with the
/// input that caused it.
enum FuzzCheck {
    /// Traps with `message` unless `condition` holds.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz property violated: \(message())") }
    }

    /// Runs `body`, which may refuse its input only as bad input: `HKError.errorInvalidArgument`, which every caller
    /// of these parsers turns into a clear message (an HTTP 400, `hk`'s one-line error, an import's skipped line).
    /// Any other error, another code included (an `errorUnknown` wrapping what nobody expected, a database failure),
    /// traps. True when `body` accepted the input.
    @discardableResult
    static func refusesOnlyAsInvalid(_ what: String, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch let error as HKError where error.code == .errorInvalidArgument {
            return false
        } catch {
            fatalError("fuzz property violated: \(what) threw \(String(reflecting: error)), not errorInvalidArgument")
        }
    }
}
