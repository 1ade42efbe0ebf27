import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel

/// healthd's records in memory (registered apps, pending permission requests, background delivery callbacks) come
/// from the store. They are read when healthd starts, or, when its database cannot be reached then (PostgreSQL down
/// or unreachable), by the first call after it returns: healthd starts anyway and recovers by itself.
final class StoreReadiness: Sendable {
    private let load: @Sendable () throws -> Void
    private let logger: Logger
    private let isLoaded = Locked(false)
    /// One load at a time; the reason of the last failure, logged when it changes rather than on every call.
    private let attempt = Locked<String?>(nil)

    init(logger: Logger, load: @escaping @Sendable () throws -> Void) {
        self.logger = logger
        self.load = load
    }

    var isReady: Bool { isLoaded.withLock { $0 } }

    /// Loads the records unless loaded; throws what stopped the load (blocking: call it off Swift concurrency's
    /// threads).
    func ensure() throws {
        if isReady { return }
        try attempt.withLock { lastFailure in
            if isReady { return }
            do {
                try load()
            } catch {
                let reason = String(describing: error)
                if reason != lastFailure {
                    logger.error("the store cannot be used, answering 503 until it can: \(reason)")
                    lastFailure = reason
                }
                throw error
            }
            if lastFailure != nil { logger.notice("the store can be used again") }
            lastFailure = nil
            isLoaded.withLock { $0 = true }
        }
    }
}

/// Holds every call until healthd's records are loaded (``StoreReadiness``): while the store cannot be used, an API
/// call gets 503 with `Retry-After` (JSON, from ``ErrorMiddleware``), a page of the web app its error page.
///
/// Once loaded, a call whose database fails under it gets the same 503 from ``APIError/init(from:)``: the storage
/// throws `StorageUnavailableError` for every failure that means "not now", the steps of a PostgreSQL failover
/// included (the primary gone, a write refused as read-only, the server shutting down), and looks for the new
/// primary by itself.
struct StoreGate<Context: RequestContext>: RouterMiddleware {
    let readiness: StoreReadiness
    /// The web app's page for "not now".
    let unavailablePage: @Sendable (Request) async -> Response

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if !readiness.isReady {
            do {
                try await offload { [readiness] in try readiness.ensure() }
            } catch {
                guard request.uri.path.hasPrefix("/v1/") else { return await unavailablePage(request) }
                throw APIError(.serviceUnavailable, HKError(.errorDatabaseInaccessible, APIError.unavailableMessage))
            }
        }
        return try await next(request, context)
    }
}
