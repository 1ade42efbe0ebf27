import Foundation
import OpenHealthKitEngine

extension HKHealthStore {
    /// Associates samples with a saved workout, saving those not stored yet; the app needs share permission for
    /// workouts (and for the types it saves) and must be able to read the workout and the samples.
    public func add(
        _ samples: [HKSample], to workout: HKWorkout, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        dispatch({ [self] in try associate(samples, with: workout) }) { completion(Self.succeeded($0), Self.error($0)) }
    }

    /// Associates samples with a saved workout, saving those not stored yet.
    public func addSamples(_ samples: [HKSample], to workout: HKWorkout) async throws {
        try await perform { [self] in try associate(samples, with: workout) }
    }

    /// Relates a workout effort score (`workoutEffortScore` or `estimatedWorkoutEffortScore` sample, saved first when
    /// it is not stored) to a saved workout, or to one of its activities. The app needs share permission for the
    /// sample's type.
    public func relateWorkoutEffortSample(
        _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let (workout, activity) = (workout.uuid, activity?.uuid)
        dispatch({ [backend] in try backend.relateEffort(sample, toWorkout: workout, activity: activity) }) {
            completion(Self.succeeded($0), Self.error($0))
        }
    }

    /// Relates a workout effort score to a saved workout, or to one of its activities.
    public func relateWorkoutEffortSample(_ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?)
        async throws
    {
        let (workout, activity) = (workout.uuid, activity?.uuid)
        try await perform { [backend] in try backend.relateEffort(sample, toWorkout: workout, activity: activity) }
    }

    /// Removes the relationship of an effort sample to a workout (or one of its activities).
    public func unrelateWorkoutEffortSample(
        _ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let (workout, activity) = (workout.uuid, activity?.uuid)
        dispatch({ [backend] in try backend.unrelateEffort(sample, fromWorkout: workout, activity: activity) }) {
            completion(Self.succeeded($0), Self.error($0))
        }
    }

    /// Removes the relationship of an effort sample to a workout (or one of its activities).
    public func unrelateWorkoutEffortSample(_ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?)
        async throws
    {
        let (workout, activity) = (workout.uuid, activity?.uuid)
        try await perform { [backend] in try backend.unrelateEffort(sample, fromWorkout: workout, activity: activity) }
    }

    /// The workout session the app is running on this store's data (prepared, running, paused or stopped, not
    /// ended), if any: it runs one at a time. Sessions live in their process; a new process has none to recover.
    public func recoverActiveWorkoutSession(completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void) {
        let scope = workoutSessionScope
        queue.async { completion(ActiveWorkoutSessions.current(in: scope), nil) }
    }

    /// The workout session the app is running on this store's data, if any.
    public func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        ActiveWorkoutSessions.current(in: workoutSessionScope)
    }

    /// Saves the samples the store does not have yet (it looks for those the app may read).
    func saveUnstored(_ samples: [HKSample]) throws {
        guard !samples.isEmpty else { return }
        var stored: Set<UUID> = []
        for (type, group) in Dictionary(grouping: samples, by: \.sampleType) {
            let found = try backend.samples(
                of: type, predicate: .leaf(.uuids(Set(group.map(\.uuid)))), sort: [], limit: 0)
            stored.formUnion(found.map(\.uuid))
        }
        let unstored = samples.filter { !stored.contains($0.uuid) }
        if !unstored.isEmpty { try backend.save(unstored, associating: [:]) }
    }

    private func associate(_ samples: [HKSample], with workout: HKWorkout) throws {
        try saveUnstored(samples)
        try backend.associate(samples.map(\.uuid), withWorkout: workout.uuid)
    }
}
