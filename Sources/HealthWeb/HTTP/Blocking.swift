import Foundation

/// Runs the store's blocking work (SQLite) on a dispatch thread, keeping Swift concurrency's few threads free to
/// serve other requests.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
