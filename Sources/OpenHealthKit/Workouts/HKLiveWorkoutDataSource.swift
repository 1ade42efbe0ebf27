public import Foundation
import OpenHealthKitEngine

/// Feeds a live workout builder the samples recorded while its workout runs.
///
/// There is no sensor here: what a watch measures arrives as samples that other sources save to the store (a heart
/// rate strap's app writing through healthd, say). While the builder collects, the data source follows the store's
/// changes of the types it collects and hands the builder every new sample of those types, matching the type's
/// predicate, that starts within the workout and was saved by another source than the app; the builder's delegate
/// then hears `workoutBuilder(_:didCollectDataOf:)`. The app needs read permission for the types, as in HealthKit.
///
/// A new data source collects what the configuration's activity records: heart rate, active and basal energy, and,
/// for activities that cover ground, the activity's distance type (with step counts on foot, strokes in the water,
/// pushes in a wheelchair).
open class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
    private struct State {
        var predicates: [HKQuantityType: PredicateTree?] = [:]
        var builder: WeakReference<HKLiveWorkoutBuilder> = WeakReference(nil)
        var start: Date?
        var watch: ChangeWatch?
        /// The anchor up to which changes were read.
        var position: Int64 = 0
        /// Collected samples the builder has not taken yet.
        var pending: [HKSample] = []
    }

    private let healthStore: HKHealthStore
    private let state = Locked(State())

    /// A data source for a workout of `configuration` (nil: heart rate and energy only).
    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        self.healthStore = healthStore
        super.init()
        let types = Self.defaultTypes(for: configuration?.activityType)
        state.withLock { state in for type in types { state.predicates[type] = .some(nil) } }
    }

    /// The quantity types whose samples the data source hands the builder.
    public var typesToCollect: Set<HKQuantityType> { Set(state.withLock { $0.predicates.keys }) }

    /// Collects samples of `quantityType` that match `predicate` (nil: all of them); replaces the type's predicate
    /// if it was collected already. A predicate not built by `HKQuery`'s factories raises, as an invalid argument.
    open func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        let tree = Result { try predicate.map { try PredicateCondition.tree(from: $0) } }.mapError(
            HKError.init(wrapping:)
        )
        .getOrRaise()
        state.withLock { $0.predicates[quantityType] = .some(tree) }
        restartIfCollecting()
    }

    /// Stops collecting samples of `quantityType`.
    open func disableCollection(for quantityType: HKQuantityType) {
        state.withLock { _ = $0.predicates.removeValue(forKey: quantityType) }
        restartIfCollecting()
    }

    // MARK: Following the store while a builder collects

    /// Starts following the store for `builder`, which collects from `start`.
    func attach(to builder: HKLiveWorkoutBuilder, from start: Date) {
        state.withLock { state in
            state.builder = WeakReference(builder)
            state.start = start
        }
        startWatch(resuming: false)
    }

    /// Reads what was committed and not yet delivered, then stops following the store; returns what the builder has
    /// not taken yet. Called on the builder's queue as its collection ends.
    func finish() -> [HKSample] {
        let watch = state.withLock { $0.watch }
        if let watch {
            let done = DispatchSemaphore(value: 0)
            watch.runOnce { [self] in
                readChanges()
                done.signal()
            }
            done.wait()
            watch.stop()
        }
        return state.withLock { state in
            state.watch = nil
            state.builder = WeakReference(nil)
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Stops following the store without delivering anything more.
    func detach() {
        let watch = state.withLock { state -> ChangeWatch? in
            defer {
                state.watch = nil
                state.builder = WeakReference(nil)
                state.pending = []
            }
            return state.watch
        }
        watch?.stop()
    }

    /// The samples collected and not yet taken by the builder.
    func takePending() -> [HKSample] {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    private func restartIfCollecting() {
        guard let old = state.withLock({ $0.watch }) else { return }
        old.stop()
        startWatch(resuming: true)
    }

    /// Subscribes to the changes of the collected types; the first time from the anchor of the subscription (with
    /// what was saved before it within the workout, which the builder may not have yet), when restarting from where
    /// the previous watch stopped.
    private func startWatch(resuming: Bool) {
        let types = Set(typesToCollect.map(\.identifier))
        let watch = ChangeWatch(label: "OpenHealthKit.HKLiveWorkoutDataSource", queue: healthStore.workQueue())
        state.withLock { $0.watch = watch }
        watch.start(types, kinds: [.samples], on: healthStore.backend) { [self] start in
            if !resuming, case .success(let anchor) = start {
                state.withLock { $0.position = anchor }
                readSavedBefore()
            }
            readChanges()
        } update: { [self] in
            readChanges()
        }
    }

    /// Reads the samples within the workout saved before the subscription's anchor (after it, the changes follow).
    private func readSavedBefore() {
        let filters = state.withLock { Self.filters($0) }
        let saved = filters.flatMap { filter in
            (try? healthStore.backend.samples(of: filter.type, predicate: filter.predicate, sort: [], limit: 0)) ?? []
        }
        keep(saved)
    }

    /// Reads the changes after the position and keeps the new samples of other sources that start within the
    /// workout; tells the builder there is something to take.
    private func readChanges() {
        let (filters, position) = state.withLock { state in (Self.filters(state), state.position) }
        guard !filters.isEmpty,
            let changes = try? healthStore.backend.changes(matching: filters, after: position, limit: 0)
        else { return }
        state.withLock { $0.position = max($0.position, changes.anchor) }
        keep(changes.samples)
    }

    /// Keeps the samples other sources saved, for the builder to take. The store's app is the one that stamped its
    /// own saves (not the process's default source: a process may hold stores of several apps).
    private func keep(_ samples: [HKSample]) {
        let own = healthStore.backend.appBundleIdentifier
        let new = samples.filter { $0.sourceRevision.source.bundleIdentifier != own }
        guard !new.isEmpty,
            let builder = state.withLock({ state -> HKLiveWorkoutBuilder? in
                state.pending += new
                return state.builder.object
            })
        else { return }
        builder.takeCollectedSamples()
    }

    /// One filter per collected type: its predicate, and samples starting from the workout's start.
    private static func filters(_ state: State) -> [SampleFilter] {
        guard let start = state.start else { return [] }
        let fromStart = PredicateTree.leaf(
            .sampleDates(SampleDateRange(start: start, end: nil, options: .strictStartDate)))
        return state.predicates.map { type, predicate in
            SampleFilter(type: type, predicate: predicate.map { .and([$0, fromStart]) } ?? fromStart)
        }
    }

    /// What a workout of `activityType` records.
    private static func defaultTypes(for activityType: HKWorkoutActivityType?) -> [HKQuantityType] {
        var identifiers: [HKQuantityTypeIdentifier] = [.heartRate, .activeEnergyBurned, .basalEnergyBurned]
        guard let activityType else { return identifiers.map { HKQuantityType($0) } }
        switch activityType {
        case .running, .walking, .hiking:
            identifiers += [.distanceWalkingRunning, .stepCount]
        case .swimming:
            identifiers += [.distanceSwimming, .swimmingStrokeCount]
        case .wheelchairWalkPace, .wheelchairRunPace:
            identifiers += [.distanceWheelchair, .pushCount]
        case .cycling, .handCycling, .downhillSkiing, .snowboarding, .snowSports, .crossCountrySkiing, .rowing,
            .paddleSports, .skatingSports:
            identifiers.append(WorkoutTotals.distanceType(of: activityType))
        default:
            break
        }
        return identifiers.map { HKQuantityType($0) }
    }
}
