package import Foundation
package import OpenHealthKitModel

/// Effort samples related to workouts (`HKHealthStore.relateWorkoutEffortSample(_:with:activity:completion:)`) and the
/// anchored read of the relationships (`HKWorkoutEffortRelationshipQuery`).
extension HealthEngine {
    /// The quantity types whose samples rate a workout's effort.
    package static let effortTypes: Set<String> = [
        HKQuantityTypeIdentifier.workoutEffortScore.rawValue,
        HKQuantityTypeIdentifier.estimatedWorkoutEffortScore.rawValue,
    ]

    /// Relates an effort sample to a workout, or to one of its activities: saves the sample first when it is not
    /// stored. The sample must be of an effort score type (else `errorInvalidArgument`), the principal needs the share
    /// grant for that type, and must be able to read the workout and the sample.
    package func relateEffort(_ sample: HKSample, toWorkout workout: UUID, activity: UUID?, as principal: Principal)
        async throws
    {
        try await checkEffort(sample, workout: workout, activity: activity, as: principal)
        if try await visibleSamples([sample.uuid], as: principal).isEmpty {
            // An app names only random UUIDs for a sample it cannot read, before anything is looked up: the refusal of
            // an import's kind of UUID is the same whether or not such a sample is stored.
            if case .app = principal { try Self.checkAppUUID(sample) }
            let stored = try await storageCall {
                try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids([sample.uuid])))
            }
            // Stored but unreadable: refused as absent, never overwritten.
            guard stored.isEmpty else { throw HKError.invalidArgument("No sample with UUID \(sample.uuid) is stored") }
            try await save([sample], as: principal)
        }
        _ = try await storageCall { try storage.relateEffort(sample.uuid, toWorkout: workout, activity: activity) }
    }

    /// Removes a relationship made by ``relateEffort(_:toWorkout:activity:as:)``, with the same checks; a sample that
    /// was not related is `errorInvalidArgument`.
    package func unrelateEffort(_ sample: HKSample, fromWorkout workout: UUID, activity: UUID?, as principal: Principal)
        async throws
    {
        try await checkEffort(sample, workout: workout, activity: activity, as: principal)
        try await requireVisible([sample.uuid], as: principal)
        guard
            try await storageCall({ try storage.unrelateEffort(sample.uuid, fromWorkout: workout, activity: activity) })
        else { throw HKError.invalidArgument("The sample \(sample.uuid) is not related to the workout \(workout)") }
    }

    /// The relationships changed after `anchor` whose workout matches `predicate` and the principal may read, each
    /// with the related samples it may read (latest first; with `mostRelevant` only the latest workout effort score,
    /// else the latest estimated one), and the anchor to resume from.
    package func effortRelationships(
        predicate: PredicateTree?, after anchor: Int64, option: HKWorkoutEffortRelationshipQueryOptions,
        as principal: Principal
    ) async throws -> (relationships: [HKWorkoutEffortRelationship], anchor: Int64) {
        let changed = try await storageCall { try storage.effortRelations(after: anchor, limit: 0) }
        let next = changed.map(\.anchor).max().map { max($0, anchor) } ?? anchor
        guard !changed.isEmpty else { return ([], next) }
        var condition: PredicateTree = .leaf(.uuids(Set(changed.map(\.workoutUUID))))
        if let predicate { condition = .and([condition, predicate]) }
        let workouts = await Dictionary(
            try samples(of: .workoutType(), predicate: condition, as: principal).compactMap { $0 as? HKWorkout }
                .map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        let related = try await visibleSamples(Set(changed.flatMap(\.sampleUUIDs)), as: principal)
        let relationships = changed.compactMap { row -> HKWorkoutEffortRelationship? in
            guard let workout = workouts[row.workoutUUID] else { return nil }
            let activity = row.activityUUID.flatMap { uuid in workout.workoutActivities.first { $0.uuid == uuid } }
            if row.activityUUID != nil, activity == nil { return nil }
            var samples = row.sampleUUIDs.compactMap { related[$0] }.sorted { $0.endDate > $1.endDate }
            if option == .mostRelevant, let best = Self.mostRelevant(samples) { samples = [best] }
            return HKWorkoutEffortRelationship(
                workout: workout, activity: activity, samples: samples.isEmpty ? nil : samples)
        }
        return (relationships, next)
    }

    /// The latest effort score the user gave, else the latest estimated one (`samples` latest first).
    private static func mostRelevant(_ samples: [HKSample]) -> HKSample? {
        samples.first { $0.sampleType.identifier == HKQuantityTypeIdentifier.workoutEffortScore.rawValue }
            ?? samples.first
    }

    private func checkEffort(_ sample: HKSample, workout: UUID, activity: UUID?, as principal: Principal) async throws {
        guard Self.effortTypes.contains(sample.sampleType.identifier) else {
            throw HKError.invalidArgument(
                "Only workout effort score and estimated workout effort score samples can be related to a workout, not "
                    + sample.sampleType.identifier)
        }
        try await checkShare(sample.sampleType.identifier, as: principal)
        let stored = try await visibleWorkout(workout, as: principal)
        if let activity, !stored.workoutActivities.contains(where: { $0.uuid == activity }) {
            throw HKError.invalidArgument("The workout \(workout) has no activity \(activity)")
        }
    }
}
