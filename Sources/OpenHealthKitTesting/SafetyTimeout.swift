import Foundation

/// How long a test waits for something that must happen before it gives up: only a guard against hanging forever.
///
/// Tests wait for the event itself (a delivery, a printed line, a process's exit), never for a short wall-clock
/// budget: on a busy two-core machine a step that takes milliseconds alone can take many seconds.
public enum SafetyTimeout {
    /// Five minutes: far beyond any step of any test on a slow machine.
    public static let duration: Duration = .seconds(300)
}

/// A wait that reached ``SafetyTimeout/duration`` (or the limit it was given) without the awaited event.
public struct WaitTimeout: Error, CustomStringConvertible {
    /// What was awaited.
    public let description: String
    /// A timeout of the wait for `description`.
    public init(_ description: String) { self.description = description }
}

/// Waits until `condition` holds, checking it again every few milliseconds, for conditions that have no event to
/// wait on (a file's contents, a peer's state reached over HTTP). Throws ``WaitTimeout`` after `limit`.
public func waitUntil(
    _ what: @autoclosure () -> String, limit: Duration = SafetyTimeout.duration, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimeout("waited \(limit) for \(what())") }
        try await Task.sleep(for: .milliseconds(10))
    }
}
