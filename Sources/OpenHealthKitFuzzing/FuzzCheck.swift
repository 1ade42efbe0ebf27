import Foundation
import OpenHealthKitModel

/// The properties a fuzz target holds its code to. A violation traps, which libFuzzer reports as a crash with the
/// input that caused it.
enum FuzzCheck {
    /// Traps with `message` unless `condition` holds.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz property violated: \(message())") }
    }

    /// Runs `body`, which may refuse its input only with an `HKError` (what every caller of these parsers turns into
    /// a clear message: an HTTP 4xx, a CLI error, an import's skipped line). Any other error traps.
    static func refusesOnlyWithHKError(_ what: String, _ body: () throws -> Void) {
        do {
            try body()
        } catch is HKError {
        } catch {
            fatalError("fuzz property violated: \(what) threw \(type(of: error)), not an HKError: \(error)")
        }
    }
}
