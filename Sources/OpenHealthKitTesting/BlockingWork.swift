import Foundation

/// Runs blocking work (processes to their end) on a thread of its own, not one of Swift concurrency's, which it
/// would hold: the test servers' tools (`PostgreSQLServer`, `AutoFailoverFormation`) go through it.
func blockingWork<T: Sendable>(_ label: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: label).async {
            continuation.resume(with: Result { try work() })
        }
    }
}
