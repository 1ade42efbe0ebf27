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
        super.init()
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
