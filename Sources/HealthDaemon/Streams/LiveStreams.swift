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

    /// Registers an open stream and what closes it; nil once healthd is shutting down.
    func register(app: String, close: @escaping @Sendable () -> Void) -> UUID? {
        state.withLock { state in
            guard !state.isClosed else { return nil }
            let id = UUID()
            state.streams[id] = Stream(app: app, close: close)
            return id
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
}
