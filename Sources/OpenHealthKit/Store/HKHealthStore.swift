public import Foundation
import OpenHealthKitEngine

/// The access point to the health data: authorization, saving, deleting, queries and characteristics,
/// with HealthKit's API and behaviour.
///
/// ```swift
/// let store = HKHealthStore()
/// try await store.requestAuthorization(toShare: [HKQuantityType(.heartRate)], read: [HKQuantityType(.heartRate)])
/// try await store.save(HKQuantitySample(type: HKQuantityType(.heartRate), quantity: bpm, start: now, end: now))
/// ```
/// Completion handlers run on a background queue, never on the caller's thread, as HealthKit's do.
/// A store is safe to use from many tasks at once.
open class HKHealthStore: NSObject, @unchecked Sendable {
    let backend: any HealthStoreBackend
    /// Where this store's app runs its one workout session at a time: its app on its data (a watch runs one session
    /// at a time; here, each app on each store does). Stores of the same app on the same data share it.
    let workoutSessionScope: String
    /// Runs the work of completion-handler calls, off the caller's thread.
    let queue = DispatchQueue(label: "OpenHealthKit.HKHealthStore", attributes: .concurrent)
    /// The watch of the preferred units behind `HKUserPreferencesDidChange`, once the app asked for units.
    let preferenceWatch = Locked<StoreSubscription?>(nil)

    /// A store configured by ``HealthStoreConfiguration/current``.
    public override convenience init() {
        self.init(configuration: .current)
    }

    /// A store on the configuration's database, acting for its app, or on its healthd.
    ///
    /// A database that cannot be opened makes every call fail with `errorDatabaseInaccessible`.
    public init(configuration: HealthStoreConfiguration) {
        workoutSessionScope =
            configuration.remote.map { "\($0.address) \($0.credential)" }
            ?? "\(configuration.location) \(configuration.app?.bundleIdentifier ?? "")"
        if let remote = configuration.remote {
            let transport = RemoteBackend(remote: remote).transport
            // As an embedded store sets it from its manifest: the app healthd knows by the credential, asked now in
            // the background (samples made later find it known), and again when needed.
            HKSource.adoptProcessApp { transport.appSource() }
            DispatchQueue(label: "OpenHealthKit.app").async { _ = transport.appSource() }
            backend = RemoteBackend(transport: transport)
        } else {
            do {
                let engine = try EngineRegistry.engine(for: configuration.location)
                if let app = configuration.app {
                    let source = HKSource(name: app.name, bundleIdentifier: app.bundleIdentifier)
                    HKSource.adoptProcessApp { source }
                }
                backend = EmbeddedBackend(engine: engine, app: configuration.app, answerer: configuration.answerer)
            } catch {
                backend = UnavailableBackend(
                    error: HKError(.errorDatabaseInaccessible, "The health database could not be opened: \(error)"))
            }
        }
        super.init()
    }

    package init(backend: any HealthStoreBackend) {
        self.backend = backend
        workoutSessionScope = UUID().uuidString
        super.init()
    }

    // The calls apps override in test doubles are declared here, in the class, so that they can be: Apple's are open.

    /// Starts a query. Its handlers are called on a background queue. A query runs once: executing it again raises.
    open func execute(_ query: HKQuery) {
        startQuery(query)
    }

    /// Stops a query: its handlers are not called again. Stopping twice, or stopping a query never executed, is harmless.
    open func stop(_ query: HKQuery) {
        stopQuery(query)
    }

    /// Asks the user for permission, unless every type was already answered. `success` means the request was
    /// handled, not that anything was allowed. A type apps may not write, or a missing usage description, raises
    /// as in HealthKit; the async form throws instead.
    open func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        askAuthorization(toShare: typesToShare, read: typesToRead, completion: completion)
    }

    /// Asks the user for the permissions an app extension requested: in HealthKit the app calls it when told that
    /// its extension needs authorization. There are no app extensions here, so no request is ever waiting: nothing
    /// is asked, and `completion` gets `true` (nothing was cancelled) and no error, on a background queue.
    open func handleAuthorizationForExtension(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        queue.async { completion(true, nil) }
    }

    /// Whether health data can be used here: always true (HealthKit says false on devices without a store).
    open class func isHealthDataAvailable() -> Bool { true }

    /// Whether the store holds health records: true once clinical records were imported (from a Health export).
    open func supportsHealthRecords() -> Bool {
        (try? backend.supportsHealthRecords()) ?? false
    }

    /// The earliest date a sample may have: nothing is too old for this store.
    open func earliestPermittedSampleDate() -> Date { .distantPast }

    /// Where a call's work runs, off the caller's thread. Engine calls are short: they share the store's concurrent
    /// queue. A call to healthd waits on the network: each gets a serial queue of its own, which libdispatch runs on
    /// a thread of its own (its overcommit pool), so waiting calls never hold the few threads of the global queues
    /// (on Linux those grow by about one a second when their threads block: 64 queries waiting on healthd stalled
    /// the process for a minute).
    func workQueue() -> DispatchQueue {
        backend.waitsOnNetwork ? DispatchQueue(label: "OpenHealthKit.remote") : queue
    }

    /// Runs `work` on a work queue and hands its outcome to `completion` there.
    func dispatch<T>(
        _ work: @escaping @Sendable () throws -> T, completion: @escaping @Sendable (Result<T, HKError>) -> Void
    ) {
        workQueue().async { completion(Result { try work() }.mapError(HKError.init(wrapping:))) }
    }

    /// Runs `work` off the caller's task, throwing an `HKError`.
    func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            dispatch(work) { continuation.resume(with: $0) }
        }
    }
}

extension HKError {
    /// Any failure as an `HKError`: HealthKit's callers match on codes.
    package init(wrapping error: any Error) {
        if let error = error as? HKError {
            self = error
        } else {
            self.init(.unknownError, "\(error)")
        }
    }
}
