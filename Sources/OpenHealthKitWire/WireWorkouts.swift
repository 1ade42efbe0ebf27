public import Foundation
public import OpenHealthKitModel

// The bodies of the workout routes an app calls: associations, routes and their locations, effort relationships.

/// `POST /v1/workouts/associate`: stored samples to associate with a stored workout (`HKHealthStore.add(_:to:)`).
public struct WireAssociateRequest: Codable, Sendable {
    /// The workout's UUID.
    public var workout: UUID
    /// The samples' UUIDs.
    public var samples: [UUID]
    /// The association.
    public init(workout: UUID, samples: [UUID]) {
        self.workout = workout
        self.samples = samples
    }
}

/// `POST /v1/workouts/routes`: a route finished with its locations, for a stored workout.
public struct WireRouteSaveRequest: Codable, Sendable {
    /// The route sample (type `HKWorkoutRouteTypeIdentifier`): UUID, dates, device, metadata.
    public var route: WireSample
    /// The UUID of the workout it belongs to.
    public var workout: UUID
    /// Its locations.
    public var locations: [WireLocation]
    /// The request.
    public init(route: WireSample, workout: UUID, locations: [WireLocation]) {
        self.route = route
        self.workout = workout
        self.locations = locations
    }
}

/// `POST /v1/queries/route-locations`: a page of a route's locations (`HKWorkoutRouteQuery`), in time order.
public struct WireRouteLocationsQuery: Codable, Sendable {
    /// The route's UUID.
    public var route: UUID
    /// Only locations from this date on (with ``endDate``); nil: all.
    public var startDate: WireDate?
    /// Only locations up to this date (with ``startDate``).
    public var endDate: WireDate?
    /// How many locations to skip.
    public var offset: Int
    /// The most locations to return (1 to 10,000).
    public var limit: Int
    /// The query.
    public init(route: UUID, interval: DateInterval?, offset: Int, limit: Int) {
        self.route = route
        startDate = interval.map { WireDate($0.start) }
        endDate = interval.map { WireDate($0.end) }
        self.offset = offset
        self.limit = limit
    }
}

/// The answer to a route locations query.
public struct WireRouteLocationsResponse: Codable, Sendable {
    /// The locations, in time order.
    public var locations: [WireLocation]
    /// Wraps the locations.
    public init(locations: [WireLocation]) { self.locations = locations }
}

/// `POST /v1/workouts/effort/relate` and `/unrelate`: an effort sample and the workout (and activity) it rates.
public struct WireEffortRequest: Codable, Sendable {
    /// The effort sample (saved first when it is not stored, on relate).
    public var sample: WireSample
    /// The workout's UUID.
    public var workout: UUID
    /// The activity's UUID; nil for the workout as a whole.
    public var activity: UUID?
    /// The request.
    public init(sample: WireSample, workout: UUID, activity: UUID?) {
        self.sample = sample
        self.workout = workout
        self.activity = activity
    }
}

/// `POST /v1/queries/effort-relationships`: `HKWorkoutEffortRelationshipQuery`.
public struct WireEffortQuery: Codable, Sendable {
    /// The predicate the workouts must match; nil: every workout.
    public var predicate: WirePredicate?
    /// Only relationships changed after this anchor; nil or 0: all.
    public var anchor: Int64?
    /// The `HKWorkoutEffortRelationshipQueryOptions` raw value.
    public var option: Int
    package init(predicate: PredicateTree?, anchor: Int64?, option: HKWorkoutEffortRelationshipQueryOptions) {
        self.predicate = predicate.map(WirePredicate.init)
        self.anchor = anchor
        self.option = option.rawValue
    }
}

/// A workout, an activity of it and the effort samples related to them.
public struct WireEffortRelationship: Codable, Sendable {
    /// The workout.
    public var workout: WireSample
    /// The UUID of one of the workout's activities; nil for the workout as a whole.
    public var activity: UUID?
    /// The related samples, latest first; nil when none is left.
    public var samples: [WireSample]?

    /// The wire form of a relationship.
    public init(_ relationship: HKWorkoutEffortRelationship) {
        workout = WireSample(relationship.workout)
        activity = relationship.activity?.uuid
        samples = relationship.samples?.map(WireSample.init)
    }

    /// The relationship; a workout that is not one, or an activity it does not have, is an invalid argument.
    public func relationship() throws -> HKWorkoutEffortRelationship {
        guard let workout = try workout.sample() as? HKWorkout else {
            throw HKError.invalidArgument("An effort relationship's workout is not a workout")
        }
        let activity = try self.activity.map { uuid in
            guard let activity = workout.workoutActivities.first(where: { $0.uuid == uuid }) else {
                throw HKError.invalidArgument("The workout \(workout.uuid) has no activity \(uuid)")
            }
            return activity
        }
        return HKWorkoutEffortRelationship(
            workout: workout, activity: activity, samples: try samples?.map { try $0.sample() })
    }
}

/// The answer to an effort relationship query.
public struct WireEffortResponse: Codable, Sendable {
    /// The relationships changed after the query's anchor.
    public var relationships: [WireEffortRelationship]
    /// The anchor to resume from.
    public var anchor: Int64
    /// The answer.
    public init(relationships: [WireEffortRelationship], anchor: Int64) {
        self.relationships = relationships
        self.anchor = anchor
    }
}
