import Foundation
import OpenHealthKitModel

/// The change streams that are open, by app, so that revoking an app closes its streams at once and shutting down
/// closes them all (the server then drains without waiting for clients to leave).
final class LiveStreams: Sendable {
    private struct Stream {
        let app: String
        let close: @Sendable () -> Void
    }

    private let state = Locked<(streams: [UUID: Stream], isClosed: Bool)>(([:], false))

    /// Whether a stream was registered, and its id.
    enum Registration {
        case registered(UUID)
        /// healthd is shutting down.
        case closed
        /// The app already has the most streams open.
        case atLimit
    }

    /// Registers an open stream and what closes it, unless healthd is shutting down or the app already has `limit`
    /// streams open.
    func register(app: String, limit: Int, close: @escaping @Sendable () -> Void) -> Registration {
        state.withLock { state in
            guard !state.isClosed else { return .closed }
            guard state.streams.values.count(where: { $0.app == app }) < limit else { return .atLimit }
            let id = UUID()
            state.streams[id] = Stream(app: app, close: close)
            return .registered(id)
        }
    }

    func unregister(_ id: UUID) {
        _ = state.withLock { $0.streams.removeValue(forKey: id) }
    }

    /// Closes every stream of an app.
    func close(app: String) {
        let closing = state.withLock { state in state.streams.values.filter { $0.app == app } }
        for stream in closing { stream.close() }
    }

    /// Closes every stream and refuses new ones.
    func closeAll() {
        let closing = state.withLock { state -> [Stream] in
            state.isClosed = true
            return Array(state.streams.values)
        }
        for stream in closing { stream.close() }
    }

    var count: Int { state.withLock { $0.streams.count } }

    /// Whether the app has a stream open: it is running, and hears changes through it.
    func isOpen(app: String) -> Bool {
        state.withLock { state in state.streams.values.contains { $0.app == app } }
    }
}
