import Foundation

import OpenHealthKitEngine

/// Runs the store's blocking work (SQLite) on a dispatch thread, keeping Swift concurrency's few threads free to
/// serve other requests. The engine's calls in `work` run inline on that thread (``InlineExecution``).
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try InlineExecution.complete(work) }) }
    }
}
