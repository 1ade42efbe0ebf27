import Foundation
import Logging
import OpenHealthKitEngine
import OpenHealthKitModel
import OpenHealthKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Wakes apps that are not running: when a type an app asked background delivery for changes in a way the app can
/// see, and the app has no change stream open, healthd posts a ``WireBackgroundWake`` to the loopback callback the
/// app registered, at most once per the frequency it chose for the type (immediate, hourly, daily, weekly).
///
/// A wake-up that fails (no answer, or not 2xx) is retried after 1 s and 2 s; after three failures in a row healthd
/// stops waking the app, as HealthKit does, until the app registers its callback again or acknowledges a delivery.
/// The frequency windows are kept in memory: after a restart the first change wakes the app at once.
final class BackgroundWaker: Sendable {
    private struct AppState {
        var callback: URL?
        var lastWake: [String: Date] = [:]
        var failures = 0
        var isPosting = false
        var again = false
        var timer: DispatchWorkItem?
    }

    private struct State {
        var apps: [String: AppState] = [:]
        var isStopped = false
    }

    private static let settingPrefix = "healthd/backgroundDeliveryCallback/"
    private static let maximumFailures = 3
    private let engine: HealthEngine
    /// The records other healthd instances share; nil for a store one healthd serves.
    private let shared: (any SharedDaemonRecords)?
    private let registry: AppRegistry
    private let streams: LiveStreams
    private let logger: Logger
    private let retryDelay: TimeInterval
    private let state = Locked(State())
    private let subscription = Locked<ChangeSubscription?>(nil)
    /// Every decision runs here, one at a time: SQLite reads stay off Swift concurrency's threads.
    private let queue = DispatchQueue(label: "healthd.BackgroundWaker")
    private let session: URLSession

    init(
        engine: HealthEngine, shared: (any SharedDaemonRecords)?, registry: AppRegistry, streams: LiveStreams,
        logger: Logger, retryDelay: TimeInterval = 1
    ) {
        self.engine = engine
        self.shared = shared
        self.registry = registry
        self.streams = streams
        self.logger = logger
        self.retryDelay = retryDelay
        // A redirect is refused: the callback is on this machine, and so must every post be.
        session = RedirectRefusal.session(timeout: 10)
    }

    /// Reads the apps' callbacks kept in the store (again, when another healthd on the database announced that an
    /// app set or removed its callback there).
    func load() throws {
        let stored = try engine.blocking { try await $0.storage.settings(withPrefix: Self.settingPrefix) }
        let callbacks = Dictionary(
            uniqueKeysWithValues: stored.map {
                (String($0.key.dropFirst(Self.settingPrefix.count)), URL(string: $0.value))
            })
        state.withLock { state in
            for app in Set(state.apps.keys).union(callbacks.keys) {
                let callback = callbacks[app] ?? nil
                if state.apps[app]?.callback != callback { state.apps[app, default: AppState()].failures = 0 }
                state.apps[app, default: AppState()].callback = callback
            }
        }
    }

    func start() {
        let token = engine.feed.subscribe(to: nil, kinds: [.samples, .grants]) { [self] _ in
            queue.async { [self] in
                for app in state.withLock({ $0.apps.filter { $0.value.callback != nil }.map(\.key) }) { consider(app) }
            }
        }
        subscription.withLock { $0 = token }
    }

    func stop() {
        subscription.withLock { token in
            token?.cancel()
            token = nil
        }
        state.withLock { state in
            state.isStopped = true
            for app in state.apps.values { app.timer?.cancel() }
        }
        session.invalidateAndCancel()
    }

    func callback(app: String) -> URL? {
        state.withLock { $0.apps[app]?.callback }
    }

    /// Registers (or with nil removes) the app's callback, persisted in the store; this also ends a suspension.
    func setCallback(_ url: URL?, app: String) throws {
        try engine.blocking { try await $0.storage.setSettings([Self.settingPrefix + app: url?.absoluteString]) }
        try shared?.announce(.callbacks)
        state.withLock { state in
            state.apps[app, default: AppState()].callback = url
            state.apps[app]?.failures = 0
        }
        queue.async { [self] in consider(app) }
    }

    /// The app answered (it acknowledged a delivery): wake-ups resume if they had stopped.
    func resume(app: String) {
        state.withLock { $0.apps[app]?.failures = 0 }
    }

    /// An `http` URL on a loopback address and a port from 1 to 65535, or `errorInvalidArgument`: healthd posts
    /// nowhere else.
    static func loopbackURL(_ text: String) throws -> URL {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "http",
            let host = components.host?.lowercased(), components.user == nil, components.password == nil,
            let url = components.url
        else {
            throw HKError.invalidArgument(
                "The callback must be an http URL on a loopback address, such as http://127.0.0.1:9000/health")
        }
        guard LoopbackHost.contains(host) else {
            throw HKError.invalidArgument(
                "The callback must be on a loopback address (127.0.0.0/8, ::1 or localhost), not \(host)")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw HKError.invalidArgument("The callback's port must be from 1 to 65535, not \(port)")
        }
        return url
    }

    private static func period(_ frequency: HKUpdateFrequency) -> TimeInterval {
        switch frequency {
        case .immediate: return 0
        case .hourly: return 3600
        case .daily: return 86400
        case .weekly: return 7 * 86400
        @unknown default: return 3600
        }
    }

    /// Decides, on `queue`, whether to wake the app now, later, or not at all.
    private func consider(_ app: String) {
        let current = state.withLock { state -> AppState? in
            guard !state.isStopped, let app = state.apps[app], app.callback != nil else { return nil }
            return app
        }
        guard let current, let callback = current.callback else { return }
        if current.isPosting {
            state.withLock { $0.apps[app]?.again = true }
            return
        }
        guard current.failures < Self.maximumFailures,
            let registered = registry.app(app), registered.revokedAt == nil,
            !streams.isOpen(app: app)
        else { return }
        do {
            let frequencies = Dictionary(
                try engine.blocking { try await $0.backgroundDeliveries(app: app) }.map {
                    ($0.typeIdentifier, $0.frequency)
                },
                uniquingKeysWith: { first, _ in first })
            guard !frequencies.isEmpty else { return }
            // Read before the pending types, as the store's anchor was: an app acknowledging it skips nothing.
            let anchor = try engine.blocking { try await $0.latestReadableAnchor(as: .app(registered.manifest)) }
            let pending = try engine.blocking { try await $0.pendingBackgroundDeliveries(app: registered.manifest) }
            let now = Date()
            var due: [String] = []
            var later: Date?
            for type in pending.sorted() {
                let next =
                    current.lastWake[type].map { $0.addingTimeInterval(Self.period(frequencies[type] ?? .hourly)) }
                    ?? now
                if next <= now { due.append(type) } else { later = min(later ?? next, next) }
            }
            if let later { schedule(app, at: later) }
            if !due.isEmpty { post(WireBackgroundWake(app: app, types: due, anchor: anchor), to: callback, at: now) }
        } catch {
            logger.error("background delivery for \(app) failed: \(error)")
        }
    }

    private func schedule(_ app: String, at date: Date) {
        let work = DispatchWorkItem { [self] in consider(app) }
        state.withLock { state in
            state.apps[app]?.timer?.cancel()
            state.apps[app]?.timer = work
        }
        queue.asyncAfter(deadline: .now() + max(0, date.timeIntervalSinceNow), execute: work)
    }

    private func post(_ wake: WireBackgroundWake, to url: URL, at date: Date) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONResponses.encoder.encode(wake)
        state.withLock { $0.apps[wake.app]?.isPosting = true }
        session.dataTask(with: request) { [self] _, response, _ in
            let succeeded = (response as? HTTPURLResponse).map { (200..<300).contains($0.statusCode) } ?? false
            queue.async { [self] in finished(wake, succeeded: succeeded, at: date) }
        }.resume()
    }

    private func finished(_ wake: WireBackgroundWake, succeeded: Bool, at date: Date) {
        let (again, failures) = state.withLock { state -> (Bool, Int) in
            guard var app = state.apps[wake.app] else { return (false, 0) }
            app.isPosting = false
            defer {
                app.again = false
                state.apps[wake.app] = app
            }
            if succeeded {
                app.failures = 0
                for type in wake.types { app.lastWake[type] = date }
            } else {
                app.failures += 1
            }
            return (app.again, app.failures)
        }
        if succeeded {
            logger.debug("woke \(wake.app) for \(wake.types.count) types")
            if again { consider(wake.app) }
        } else if failures >= Self.maximumFailures {
            logger.warning("stopped waking \(wake.app): its callback failed \(failures) times in a row")
        } else {
            schedule(wake.app, at: Date().addingTimeInterval(retryDelay * Double(1 << (failures - 1))))
        }
    }
}
