package import Foundation
package import OpenHealthKitModel

/// Workouts beyond saving them: the samples associated with a workout, routes and their locations, and effort
/// samples related to workouts. What an app may not read is answered as if it were not there.
extension HealthEngine {
    /// Associates stored samples with a stored workout (`HKHealthStore.add(_:to:)`). The principal needs the share
    /// grant for workouts and must be able to read the workout and every sample; anything it cannot read, or that is
    /// not there, is the same `errorInvalidArgument`.
    package func associate(_ samples: [UUID], withWorkout workout: UUID, as principal: Principal) async throws {
        try await checkShare(HKWorkoutTypeIdentifier, as: principal)
        _ = try await visibleWorkout(workout, as: principal)
        try await requireVisible(Set(samples), as: principal)
        try await storageCall { try storage.associate(samples, withWorkout: workout) }
    }

    /// Saves a route (`HKWorkoutRouteBuilder.finishRoute(with:metadata:)`) with its locations, as a route of the
    /// stored workout `workout`, which the principal must be able to read. Needs the share grant for routes; the
    /// route is stamped with the saver's source revision. An app's route has a random UUID (``checkAppUUID(_:)``),
    /// and every location is within bounds (``RouteLocationValidation``: its timestamp within years 1 to 4001).
    package func saveRoute(
        _ route: HKWorkoutRoute, locations: [RouteLocationRow], workout: UUID, as principal: Principal
    ) async throws {
        try route.validate()
        if case .app = principal { try Self.checkAppUUID(route) }
        for location in locations { try RouteLocationValidation.validate(location) }
        try await checkShare(HKWorkoutRouteTypeIdentifier, as: principal)
        _ = try await visibleWorkout(workout, as: principal)
        let source = principal.source, revision = principal.revision
        let row = SampleRow(
            uuid: route.uuid, typeIdentifier: HKWorkoutRouteTypeIdentifier,
            startDate: route.startDate.timeIntervalSince1970, endDate: route.endDate.timeIntervalSince1970, value: nil,
            source: source, revision: revision, device: route.device.map(DeviceRow.init),
            metadata: MetadataCoding.encode(route.metadata), correlationUUID: workout,
            detail: .workoutRoute(WorkoutRouteRow(locations: locations)))
        let change = try await storageCall { try await storage.insert([row]) }
        route.sourceRevision = revision.sourceRevision(
            of: HKSource(name: source.name, bundleIdentifier: source.bundleIdentifier))
        publish(change)
    }

    /// A page of the locations of a route the principal may read (``WorkoutStorage/routeLocations(of:in:offset:limit:)``);
    /// none for a route it may not read or that is not there.
    package func routeLocations(
        of route: UUID, in interval: DateInterval?, offset: Int, limit: Int, as principal: Principal
    ) async throws -> [RouteLocationRow] {
        let visible = try await visibleSources(for: HKWorkoutRouteTypeIdentifier, as: principal)
        let query = RowQuery(
            typeIdentifiers: [HKWorkoutRouteTypeIdentifier], condition: .uuids([route]), visibleSources: visible)
        // The route's source, if the principal may see it (not the route row: reading it counts its locations).
        guard !(try await storageCall { try await storage.sources(query) }).isEmpty else { return [] }
        let seconds = interval.map { $0.start.timeIntervalSince1970...$0.end.timeIntervalSince1970 }
        return try await storageCall {
            try storage.routeLocations(of: route, in: seconds, offset: offset, limit: limit)
        }
    }

    /// The stored workout with this UUID if the principal may read it; `errorInvalidArgument` otherwise, the same
    /// whether it is hidden or absent.
    func visibleWorkout(_ uuid: UUID, as principal: Principal) async throws -> HKWorkout {
        guard
            let workout = try await samples(of: .workoutType(), predicate: .leaf(.uuids([uuid])), as: principal).first
                as? HKWorkout
        else { throw HKError.invalidArgument("No workout with UUID \(uuid) is stored") }
        return workout
    }

    /// The stored samples with these UUIDs that the principal may read, by UUID.
    func visibleSamples(_ uuids: Set<UUID>, as principal: Principal) async throws -> [UUID: HKSample] {
        guard !uuids.isEmpty else { return [:] }
        let rows = try await storageCall {
            try await storage.fetch(RowQuery(typeIdentifiers: [], condition: .uuids(uuids)))
        }
        var visibility: [String: Set<String>?] = [:]
        var readable: [SampleRow] = []
        for row in rows {
            if visibility[row.typeIdentifier] == nil {
                visibility[row.typeIdentifier] = try await visibleSources(for: row.typeIdentifier, as: principal)
            }
            if let sources = visibility[row.typeIdentifier]!, !sources.contains(row.source.bundleIdentifier) {
                continue
            }
            readable.append(row)
        }
        return try await storageCall {
            let decoding = makeDecoding(visibleSources: nil)
            var samples: [UUID: HKSample] = [:]
            for row in readable { samples[row.uuid] = try decoding.sample(from: row) }
            return samples
        }
    }

    /// Refuses any UUID the principal may not read, as one that is not there.
    func requireVisible(_ uuids: Set<UUID>, as principal: Principal) async throws {
        let visible = try await visibleSamples(uuids, as: principal)
        if let missing = uuids.first(where: { visible[$0] == nil }) {
            throw HKError.invalidArgument("No sample with UUID \(missing) is stored")
        }
    }

    /// The samples to associate with workouts being saved must be stored and readable, and name workouts of the save.
    func checkAssociations(_ associating: [UUID: [UUID]], of objects: [HKObject], as principal: Principal) async throws
    {
        guard !associating.isEmpty else { return }
        let workouts = Set(objects.compactMap { ($0 as? HKWorkout)?.uuid })
        if let stray = associating.keys.first(where: { !workouts.contains($0) }) {
            throw HKError.invalidArgument("Samples can be associated only with a workout being saved, not \(stray)")
        }
        try await requireVisible(Set(associating.values.joined()), as: principal)
    }
}
